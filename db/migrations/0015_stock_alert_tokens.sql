-- "Powiadom mnie" (issue #42): a repeated subscription sends another confirmation link and the earlier
-- one keeps working until it expires, so the links move from one column of stock_alerts to a table of
-- their own (hashes only). A link still pending keeps working: it is carried over with its alert's
-- consent time, from which its week was counted.
CREATE TABLE "stock_alert_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" DROP CONSTRAINT "stock_alerts_confirm_token_hash_unique";--> statement-breakpoint
ALTER TABLE "stock_alert_confirmations" ADD CONSTRAINT "stock_alert_confirmations_alert_id_stock_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."stock_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alert_confirmations_alert_idx" ON "stock_alert_confirmations" USING btree ("alert_id","created_at");--> statement-breakpoint
INSERT INTO "stock_alert_confirmations" ("token_hash", "alert_id", "created_at") SELECT "confirm_token_hash", "id", "consented_at" FROM "stock_alerts" WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" DROP COLUMN "confirm_token_hash";