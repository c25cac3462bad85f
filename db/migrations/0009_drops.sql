CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"confirm_token_hash" text,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "stock_alerts_one_per_address" UNIQUE NULLS NOT DISTINCT("product_id","variant_id","email_key")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_customer" integer;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","variant_id","notified_at");--> statement-breakpoint
CREATE INDEX "checkouts_email_key_idx" ON "checkouts" USING btree ("email_key","status");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_customer_positive" CHECK ("products"."max_per_customer" is null or "products"."max_per_customer" between 1 and 99);