-- Decision 028: each instance keeps sessions in memory (apps/server/src/modules/auth/session-cache.ts).
-- On commit, 'sessions_changed' is notified with the ids (comma-separated) of the people whose
-- sessions ended or changed, or '*' beyond 50: a session row updated (sliding refresh) or deleted
-- (sign-out, revocation, password change or reset, account deletion), and a person whose role,
-- status, ban, deletion or confirmation changed, or who was deleted. New sessions need no notice
-- (nothing is kept of a token before it is read).
CREATE OR REPLACE FUNCTION public.sessions_notify(ids text[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('sessions_changed', CASE WHEN cardinality(ids) > 50 THEN '*' ELSE array_to_string(ids, ',') END);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sessions_changed_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.sessions_notify(ARRAY(SELECT DISTINCT user_id::text FROM old_rows LIMIT 51));
  ELSE
    PERFORM public.sessions_notify(ARRAY(SELECT DISTINCT user_id::text FROM (SELECT user_id FROM old_rows UNION ALL SELECT user_id FROM new_rows) r LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.sessions_changed_notify();--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.sessions_changed_notify();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.users_sessions_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.sessions_notify(ARRAY(SELECT id::text FROM old_rows LIMIT 51));
  ELSE
    PERFORM public.sessions_notify(ARRAY(SELECT n.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.role IS DISTINCT FROM o.role OR n.status IS DISTINCT FROM o.status OR n.banned_at IS DISTINCT FROM o.banned_at
        OR n.deleted_at IS DISTINCT FROM o.deleted_at OR n.email_verified IS DISTINCT FROM o.email_verified LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_sessions_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.users_sessions_notify();--> statement-breakpoint
CREATE TRIGGER users_sessions_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.users_sessions_notify();
