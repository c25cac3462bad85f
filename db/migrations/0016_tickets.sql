CREATE TYPE "public"."ticket_sales_mode" AS ENUM('external', 'site');--> statement-breakpoint
CREATE TYPE "public"."ticket_state" AS ENUM('valid', 'void');--> statement-breakpoint
CREATE TABLE "night_tickets" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"max_per_customer" integer,
	"transfer_until_minutes" integer DEFAULT 120 NOT NULL,
	"offers_until_minutes" integer DEFAULT 120 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "night_tickets_capacity_range" CHECK ("night_tickets"."capacity" between 1 and 100000),
	CONSTRAINT "night_tickets_remaining_within_capacity" CHECK ("night_tickets"."remaining" between 0 and "night_tickets"."capacity"),
	CONSTRAINT "night_tickets_max_per_customer_range" CHECK ("night_tickets"."max_per_customer" is null or "night_tickets"."max_per_customer" between 1 and 20),
	CONSTRAINT "night_tickets_minutes_range" CHECK ("night_tickets"."transfer_until_minutes" between 0 and 10080 and "night_tickets"."offers_until_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE "ticket_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"vat_rate" integer DEFAULT 8 NOT NULL,
	"quota" integer NOT NULL,
	"remaining" integer NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"opens_after_previous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_name_length" CHECK (char_length("ticket_types"."name") between 1 and 60),
	CONSTRAINT "ticket_types_price_range" CHECK ("ticket_types"."price" between 100 and 10000000),
	CONSTRAINT "ticket_types_vat_rate_range" CHECK ("ticket_types"."vat_rate" between 0 and 99),
	CONSTRAINT "ticket_types_quota_range" CHECK ("ticket_types"."quota" between 1 and 100000),
	CONSTRAINT "ticket_types_remaining_within_quota" CHECK ("ticket_types"."remaining" between 0 and "ticket_types"."quota"),
	CONSTRAINT "ticket_types_max_per_order_range" CHECK ("ticket_types"."max_per_order" between 1 and 20),
	CONSTRAINT "ticket_types_window_order" CHECK ("ticket_types"."sales_start" is null or "ticket_types"."sales_end" is null or "ticket_types"."sales_end" > "ticket_types"."sales_start")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid,
	"holder_first_name" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"holder_email" text,
	"state" "ticket_state" DEFAULT 'valid' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "tickets_version_positive" CHECK ("tickets"."version" >= 1),
	CONSTRAINT "tickets_price_non_negative" CHECK ("tickets"."price" >= 0),
	CONSTRAINT "tickets_voided_when_void" CHECK (("tickets"."state" = 'void') = ("tickets"."voided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sales_mode" "ticket_sales_mode" DEFAULT 'external' NOT NULL;--> statement-breakpoint
ALTER TABLE "night_tickets" ADD CONSTRAINT "night_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_changes_ticket_idx" ON "ticket_changes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_types_event_position_idx" ON "ticket_types" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id","state");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_holder_email_idx" ON "tickets" USING btree ("holder_email");--> statement-breakpoint
-- A night's tickets on its page are cached like stock (decision 032): a sale or a hold moves only a
-- counter (`remaining`) and marks the pages that show availability ('stock:<event id>'); any other
-- change of a type or of the night's settings empties every instance's cache, as content does.
CREATE FUNCTION "notify_ticket_row_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_row jsonb := to_jsonb(OLD);
	new_row jsonb := to_jsonb(NEW);
BEGIN
	IF (old_row - 'remaining' - 'updated_at') IS DISTINCT FROM (new_row - 'remaining' - 'updated_at') THEN
		PERFORM pg_notify('content_changed', '');
	ELSIF old_row IS DISTINCT FROM new_row THEN
		PERFORM pg_notify('content_changed', 'stock:' || (new_row ->> 'event_id'));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ticket_types_content_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "ticket_types" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "ticket_types_row_updated" AFTER UPDATE ON "ticket_types" FOR EACH ROW EXECUTE FUNCTION "notify_ticket_row_updated"();
--> statement-breakpoint
CREATE TRIGGER "night_tickets_content_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "night_tickets" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "night_tickets_row_updated" AFTER UPDATE ON "night_tickets" FOR EACH ROW EXECUTE FUNCTION "notify_ticket_row_updated"();
