CREATE TYPE "public"."ticket_offer_status" AS ENUM('open', 'checkout', 'sold', 'refunded', 'expired');--> statement-breakpoint
CREATE TYPE "public"."ticket_return_status" AS ENUM('open', 'offered', 'sold', 'withdrawn', 'ended');--> statement-breakpoint
CREATE TABLE "ticket_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"status" "ticket_offer_status" DEFAULT 'open' NOT NULL,
	"checkout_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "ticket_offers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ticket_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" "ticket_return_status" DEFAULT 'open' NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_waitlist_one_per_address" UNIQUE("event_id","email_key"),
	CONSTRAINT "ticket_waitlist_quantity_range" CHECK ("ticket_waitlist"."quantity" between 1 and 2)
);
--> statement-breakpoint
CREATE TABLE "ticket_waitlist_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_offers" ADD CONSTRAINT "ticket_offers_return_id_ticket_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."ticket_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_offers" ADD CONSTRAINT "ticket_offers_entry_id_ticket_waitlist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ticket_waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_offers" ADD CONSTRAINT "ticket_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_offers" ADD CONSTRAINT "ticket_offers_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_returns" ADD CONSTRAINT "ticket_returns_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_returns" ADD CONSTRAINT "ticket_returns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_returns" ADD CONSTRAINT "ticket_returns_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist_confirmations" ADD CONSTRAINT "ticket_waitlist_confirmations_entry_id_ticket_waitlist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ticket_waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_offers_one_live_per_return_idx" ON "ticket_offers" USING btree ("return_id") WHERE "ticket_offers"."status" in ('open', 'checkout');--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_offers_one_live_per_entry_idx" ON "ticket_offers" USING btree ("entry_id") WHERE "ticket_offers"."status" in ('open', 'checkout');--> statement-breakpoint
CREATE INDEX "ticket_offers_status_idx" ON "ticket_offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "ticket_offers_checkout_idx" ON "ticket_offers" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_returns_one_live_idx" ON "ticket_returns" USING btree ("ticket_id") WHERE "ticket_returns"."status" in ('open', 'offered');--> statement-breakpoint
CREATE INDEX "ticket_returns_event_status_idx" ON "ticket_returns" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE INDEX "ticket_waitlist_queue_idx" ON "ticket_waitlist" USING btree ("event_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "ticket_waitlist_confirmations_entry_idx" ON "ticket_waitlist_confirmations" USING btree ("entry_id","created_at");