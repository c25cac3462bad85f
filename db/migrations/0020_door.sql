ALTER TYPE "public"."role" ADD VALUE 'door';--> statement-breakpoint
CREATE TABLE "door_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"size" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"returned" integer,
	CONSTRAINT "door_blocks_size_range" CHECK ("door_blocks"."size" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "door_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"last_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_sales" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "door_sales_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" text,
	"quantity" integer NOT NULL,
	"method" text NOT NULL,
	"unit_price" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"block_id" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "door_sales_seq_unique" UNIQUE("seq"),
	CONSTRAINT "door_sales_quantity_range" CHECK ("door_sales"."quantity" between 1 and 10),
	CONSTRAINT "door_sales_method" CHECK ("door_sales"."method" in ('cash', 'card')),
	CONSTRAINT "door_sales_unit_price_range" CHECK ("door_sales"."unit_price" between 0 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "door_scans" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "door_scans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"direction" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" text,
	"offline" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "door_scans_seq_unique" UNIQUE("seq"),
	CONSTRAINT "door_scans_direction" CHECK ("door_scans"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "night_tickets" ADD COLUMN "reentry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "night_tickets" ADD COLUMN "door_price" integer;--> statement-breakpoint
ALTER TABLE "night_tickets" ADD COLUMN "door_vat_rate" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "door_blocks" ADD CONSTRAINT "door_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_blocks" ADD CONSTRAINT "door_blocks_device_id_door_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."door_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_blocks" ADD CONSTRAINT "door_blocks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_devices" ADD CONSTRAINT "door_devices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_devices" ADD CONSTRAINT "door_devices_last_event_id_events_id_fk" FOREIGN KEY ("last_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_device_id_door_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."door_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_block_id_door_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."door_blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_device_id_door_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."door_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_blocks_event_idx" ON "door_blocks" USING btree ("event_id","device_id");--> statement-breakpoint
CREATE INDEX "door_sales_event_idx" ON "door_sales" USING btree ("event_id","sold_at");--> statement-breakpoint
CREATE INDEX "door_sales_block_idx" ON "door_sales" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "door_scans_event_seq_idx" ON "door_scans" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "door_scans_ticket_idx" ON "door_scans" USING btree ("ticket_id","scanned_at");--> statement-breakpoint
ALTER TABLE "night_tickets" ADD CONSTRAINT "night_tickets_door_price_range" CHECK ("night_tickets"."door_price" is null or "night_tickets"."door_price" between 100 and 10000000);--> statement-breakpoint
ALTER TABLE "night_tickets" ADD CONSTRAINT "night_tickets_door_vat_rate_range" CHECK ("night_tickets"."door_vat_rate" between 0 and 99);