-- Taking or giving back stock no longer empties every instance's page cache (decision 032). An UPDATE
-- of a product or variant is judged row by row: one that changed anything but the stock (and the
-- timestamp that goes with it) still notifies 'content_changed' with an empty payload, and every
-- instance empties its cache; one that moved only the stock notifies the same channel with the payload
-- 'stock:<product id>', and instances mark only the pages that show stock, re-rendered within seconds.
-- The same channel, so an instance of an older release (which ignores payloads) still empties its cache
-- on a stock change while releases roll over. PostgreSQL folds identical notifications of one
-- transaction into one, so a checkout of many units of one product sends one. Inserts, deletes and
-- truncates keep the statement-level triggers of migration 0003.
CREATE FUNCTION "notify_catalog_row_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_row jsonb := to_jsonb(OLD);
	new_row jsonb := to_jsonb(NEW);
BEGIN
	IF (old_row - 'stock_quantity' - 'updated_at') IS DISTINCT FROM (new_row - 'stock_quantity' - 'updated_at') THEN
		PERFORM pg_notify('content_changed', '');
	ELSIF old_row IS DISTINCT FROM new_row THEN
		-- TG_ARGV[0]: the column holding the product's id (products.id, product_variants.product_id).
		PERFORM pg_notify('content_changed', 'stock:' || (new_row ->> TG_ARGV[0]));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_content_changed" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_content_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_row_updated" AFTER UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "notify_catalog_row_updated"('id');
--> statement-breakpoint
DROP TRIGGER "product_variants_content_changed" ON "product_variants";
--> statement-breakpoint
CREATE TRIGGER "product_variants_content_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_row_updated" AFTER UPDATE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "notify_catalog_row_updated"('product_id');
