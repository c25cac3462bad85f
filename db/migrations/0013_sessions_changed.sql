-- Each instance keeps the sessions it has looked up for a few minutes (decision 036:
-- app/modules/accounts/session-cache.server.ts), so a signed-in page reads no session row. Any session
-- ended or changed (sign-out, a password reset ending the others, expiry refreshed) and any account
-- changed or deleted notifies 'sessions_changed' when its transaction commits, and every instance drops
-- what it keeps. A new session (INSERT) changes nothing kept.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('sessions_changed', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "user_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
