ALTER TABLE "checkouts" ADD COLUMN "discount_use_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "paid_at" timestamp with time zone;