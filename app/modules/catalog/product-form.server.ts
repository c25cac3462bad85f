/**
 * The product form's server side: the values an edit form starts from, and the save shared by
 * /admin/products/new and /admin/products/{id}/edit (validate again, save). The route answers a save
 * with the redirect back to the list (the panel's flash is the shell's, not the catalogue's).
 */

import { env } from "~/lib/env.server";
import type { refuse } from "~/lib/form-action.server";
import { saveSubmittedForm } from "~/lib/form-save.server";
import { toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import type { AdminProductDetail } from "./panel-products.server";
import { type ProductFormDefaults, productFormSchema, productMessages } from "./product-form.schema";
import { productListMessages } from "./product-list.schema";
import { createProduct, updateProduct } from "./product-save.server";

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
  | { saved: null; answer: ReturnType<typeof refuse> };

/** Validates and saves the form of a new product (`productId` null) or of an existing one. */
export async function submitProductForm(
  formData: FormData | null,
  productId: string | null,
): Promise<ProductFormOutcome> {
  const refusal = await saveSubmittedForm(
    formData,
    productFormSchema,
    { ...productMessages, invalidRequest: productListMessages.invalidRequest },
    (value) => {
      const defaultBrand = env().site.name;
      return productId
        ? updateProduct(productId, value, { defaultBrand })
        : createProduct(value, { defaultBrand });
    },
    { context: { productId }, message: "saving a product failed" },
  );
  if (refusal) return { saved: null, answer: refusal };
  return { saved: productId ? "updated" : "created" };
}
