/**
 * The product form's server side: the values an edit form starts from, and the save shared by
 * /admin/products/new and /admin/products/{id}/edit (validate again, save). The route answers a save
 * with the redirect back to the list (the panel's flash is the shell's, not the catalogue's).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import { type AdminProductDetail, createProduct, updateProduct } from "./panel-products.server";
import {
  type ProductFormActionData,
  type ProductFormDefaults,
  productFormSchema,
  productMessages,
} from "./product-form.schema";
import { productListMessages } from "./product-list.schema";

/** Grosze as a person types them into a price field: 12900 → "129,00". */
export function priceInputValue(grosze: number) {
  return toDecimalString(grosze).replace(".", ",");
}

export function newProductDefaults(brand: string): ProductFormDefaults {
  return {
    name: "",
    slug: "",
    description: "",
    metaDescription: "",
    price: "",
    stockQuantity: "0",
    category: "",
    brand,
    featured: false,
    isActive: true,
    releaseAt: "",
    maxPerCustomer: "",
    variants: [],
  };
}

export function editProductDefaults(product: AdminProductDetail): ProductFormDefaults {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    metaDescription: product.metaDescription ?? "",
    price: priceInputValue(product.price),
    stockQuantity: String(product.stockQuantity),
    stockQuantityOriginal: String(product.stockQuantity),
    category: product.category,
    brand: product.brand,
    featured: product.featured,
    isActive: product.isActive,
    releaseAt: product.releaseAt ? toWarsawLocal(product.releaseAt) : "",
    maxPerCustomer: product.maxPerCustomer === null ? "" : String(product.maxPerCustomer),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      size: variant.size,
      color: variant.color ?? "",
      additionalPrice: priceInputValue(variant.additionalPrice),
      stockQuantity: String(variant.stockQuantity),
      stockQuantityOriginal: String(variant.stockQuantity),
      releaseAt: variant.releaseAt ? toWarsawLocal(variant.releaseAt) : "",
    })),
  };
}

/** What a submitted product form came to: saved (the route redirects), or the form's answer (400/409/500). */
export type ProductFormOutcome =
  | { saved: "created" | "updated" }
  | { saved: null; answer: ReturnType<typeof data<ProductFormActionData>> };

function refused(answer: ProductFormActionData, status: number): ProductFormOutcome {
  return { saved: null, answer: data<ProductFormActionData>(answer, { status }) };
}

/** Validates and saves the form of a new product (`productId` null) or of an existing one. */
export async function submitProductForm(
  request: Request,
  productId: string | null,
): Promise<ProductFormOutcome> {
  const formData = await readFormData(request);
  if (!formData) {
    const message = productListMessages.invalidRequest;
    return refused({ result: { status: "error", error: { "": [message] } }, message }, 400);
  }
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success") {
    // Conform's list buttons (add/remove a variant) before hydration come here too: not an error.
    const failed = submission.status === "error";
    return refused(
      { result: submission.reply(), message: failed ? productMessages.invalid : undefined },
      failed ? 400 : 200,
    );
  }
  const defaultBrand = env().site.name;
  try {
    if (productId) await updateProduct(productId, submission.value, { defaultBrand });
    else await createProduct(submission.value, { defaultBrand });
  } catch (error) {
    if (error instanceof DomainError) {
      const result = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return refused({ result, message: error.message }, error.status);
    }
    logger.error({ err: error, productId }, "saving a product failed");
    return refused(
      {
        result: submission.reply({ formErrors: [productMessages.saveFailed] }),
        message: productMessages.saveFailed,
      },
      500,
    );
  }
  return { saved: productId ? "updated" : "created" };
}
