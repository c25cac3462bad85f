CREATE TYPE "public"."sale_reduction" AS ENUM('percent', 'amount');--> statement-breakpoint
CREATE TYPE "public"."sale_scope" AS ENUM('product', 'variants', 'category');--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"price" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_history_price_positive" CHECK ("price_history"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	CONSTRAINT "sale_items_unique" UNIQUE NULLS NOT DISTINCT("sale_id","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scope" "sale_scope" NOT NULL,
	"category" "product_category",
	"reduction_type" "sale_reduction" NOT NULL,
	"reduction" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"continues_sale_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_reduction_positive" CHECK ("sales"."reduction" > 0),
	CONSTRAINT "sales_percent_range" CHECK ("sales"."reduction_type" <> 'percent' or "sales"."reduction" between 1 and 99),
	CONSTRAINT "sales_ends_after_start" CHECK ("sales"."ends_at" is null or "sales"."ends_at" > "sales"."starts_at"),
	CONSTRAINT "sales_category_scope" CHECK (("sales"."scope" = 'category') = ("sales"."category" is not null))
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "combines_with_sales" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "regular_price_per_unit" integer;--> statement-breakpoint
-- Orders from before sales were paid at the regular price.
UPDATE "order_items" SET "regular_price_per_unit" = "price_per_unit";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "regular_price_per_unit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lowest_prior_price" integer;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_continues_sale_id_sales_id_fk" FOREIGN KEY ("continues_sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_item_idx" ON "price_history" USING btree ("product_id","variant_id","started_at");--> statement-breakpoint
CREATE INDEX "sale_items_product_idx" ON "sale_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_window_idx" ON "sales" USING btree ("starts_at","ends_at");--> statement-breakpoint
-- The price history starts with what each product and size costs now, offered since the product was created.
INSERT INTO "price_history" ("product_id", "variant_id", "price", "started_at")
  SELECT "id", NULL, "price", "created_at" FROM "products";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "variant_id", "price", "started_at")
  SELECT v."product_id", v."id", p."price" + v."additional_price", p."created_at"
  FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id";--> statement-breakpoint
-- A sale saved, changed or ended changes what the shop's pages show (decision 012's page cache).
CREATE TRIGGER "sales_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();--> statement-breakpoint
CREATE TRIGGER "sale_items_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
