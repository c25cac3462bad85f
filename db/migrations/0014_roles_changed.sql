-- The account's menu shows "Panel Admina" from roles kept beside the sessions (decision 036:
-- app/modules/accounts/session-cache.server.ts); a role given or taken notifies 'sessions_changed' when
-- its transaction commits, and every instance drops what it keeps. Permission checks (requireRole)
-- always read the roles themselves.
CREATE TRIGGER "user_roles_sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
