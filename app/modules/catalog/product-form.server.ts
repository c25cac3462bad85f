/**
 * The product form's server side: the values an edit form starts from, and the action shared by
 * /admin/products/new and /admin/products/{id}/edit (validate again, save, back to the list).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { toDecimalString } from "~/lib/money";
import type { ProductFormActionData, ProductFormDefaults } from "./components/product-form";
import { adminFlashCookie } from "./flash";
import { secureCookies } from "./http.server";
import { productFormSchema, productMessages } from "./product-form.schema";
import { productListMessages } from "./product-list.schema";
import { type AdminProductDetail, AdminProductError, createProduct, updateProduct } from "./products.server";

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
    variants: product.variants.map((variant) => ({
      id: variant.id,
      size: variant.size,
      color: variant.color ?? "",
      additionalPrice: priceInputValue(variant.additionalPrice),
      stockQuantity: String(variant.stockQuantity),
      stockQuantityOriginal: String(variant.stockQuantity),
    })),
  };
}

/** Validates and saves the form; a redirect to the list on success, else the form's answer (400/409/500). */
export async function handleProductFormAction(request: Request, productId: string | null) {
  const formData = await readFormData(request);
  if (!formData) {
    const message = productListMessages.invalidRequest;
    return data<ProductFormActionData>(
      { result: { status: "error", error: { "": [message] } }, message },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success") {
    // Conform's list buttons (add/remove a variant) before hydration come here too: not an error.
    return data<ProductFormActionData>(
      {
        result: submission.reply(),
        message: submission.status === "error" ? productMessages.invalid : undefined,
      },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const defaultBrand = env().site.name;
  try {
    if (productId) await updateProduct(productId, submission.value, { defaultBrand });
    else await createProduct(submission.value, { defaultBrand });
  } catch (error) {
    if (error instanceof AdminProductError) {
      const result = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return data<ProductFormActionData>({ result, message: error.message }, { status: error.status });
    }
    logger.error({ err: error, productId }, "saving a product failed");
    return data<ProductFormActionData>(
      {
        result: submission.reply({ formErrors: [productMessages.saveFailed] }),
        message: productMessages.saveFailed,
      },
      { status: 500 },
    );
  }
  throw redirect("/admin/products", {
    headers: {
      "Set-Cookie": adminFlashCookie(productId ? "product-updated" : "product-created", {
        secure: secureCookies(),
      }),
    },
  });
}
