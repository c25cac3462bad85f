-- What anonymous visitors see is cached by every instance (app/lib/page-cache.server.ts). Any write to
-- the tables those pages read notifies 'content_changed'. PostgreSQL delivers a notification only when
-- the writer's transaction commits (and never for a rolled-back one), so an instance that hears it
-- and drops its cache cannot re-render the old data. Triggers, not application calls, so no writer
-- (panel, checkout, a future script) can forget it; NOTIFY takes no row lock, so writers never wait
-- on each other for it.
CREATE FUNCTION "notify_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('content_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "artists_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artists" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "ambassadors_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ambassadors" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "events_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "timetable_entries_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "timetable_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "galleries_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "galleries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "gallery_images_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_images" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
