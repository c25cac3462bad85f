CREATE TYPE "public"."event_status" AS ENUM('planned', 'cancelled', 'moved');--> statement-breakpoint
CREATE TYPE "public"."refund_kind" AS ENUM('manual', 'cancellation', 'withdrawal', 'sold_out');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('open', 'refunded');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"checkout_id" uuid,
	"withdrawal_id" uuid,
	"kind" "refund_kind" NOT NULL,
	"amount" integer NOT NULL,
	"delivery_amount" integer DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"restocked" boolean DEFAULT false NOT NULL,
	"actor_id" text,
	"provider" "payment_provider" NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_delivery_within_amount" CHECK ("refunds"."delivery_amount" between 0 and "refunds"."amount"),
	CONSTRAINT "refunds_order_or_checkout" CHECK ("refunds"."order_id" is not null or "refunds"."checkout_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"customer_name" text,
	"customer_email" text NOT NULL,
	"note" text,
	"status" "withdrawal_status" DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" "event_status" DEFAULT 'planned' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "gallery_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_checkout_idx" ON "refunds" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_published_starts_idx" ON "events" USING btree ("published","starts_at");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_refund_within_total" CHECK ("checkouts"."refunded_amount" between 0 and "checkouts"."total");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_within_quantity" CHECK ("order_items"."refunded_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_total" CHECK ("orders"."refunded_amount" between 0 and "orders"."total_amount");--> statement-breakpoint
-- Orders completed before this column existed: their completion is their last change.
UPDATE "orders" SET "completed_at" = "updated_at" WHERE "status" = 'completed' AND "completed_at" IS NULL;