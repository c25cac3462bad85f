CREATE TABLE "first_order_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"email_key" text NOT NULL,
	"user_id" text,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_order_claims_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "first_order_claims_email_key_unique" UNIQUE("email_key"),
	CONSTRAINT "first_order_claims_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "client_browser" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "needs_attention" text;--> statement-breakpoint
ALTER TABLE "first_order_claims" ADD CONSTRAINT "first_order_claims_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_order_claims" ADD CONSTRAINT "first_order_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_client_ip_idx" ON "checkouts" USING btree ("client_ip","status");--> statement-breakpoint
CREATE INDEX "checkouts_client_browser_idx" ON "checkouts" USING btree ("client_browser","status");