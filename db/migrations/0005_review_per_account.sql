-- One review per account per product (issue 14): of the duplicates already stored, the newest stays.
DELETE FROM "reviews" AS older
USING "reviews" AS newer
WHERE older."product_id" = newer."product_id"
  AND older."user_id" = newer."user_id"
  AND (older."created_at", older."id") < (newer."created_at", newer."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");
