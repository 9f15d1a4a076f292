-- Decision 024: an ended session closes its chat sockets at once, on every instance. Every way a
-- session ends (sign-out, revocation, password change, account deletion's cascade) deletes its row,
-- and a ban or deletion flips the user's status: both NOTIFY the chat's channel, which PostgreSQL
-- delivers when the transaction commits. Expired rows are skipped (their sockets closed at expiry).
CREATE OR REPLACE FUNCTION chat_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat_events', json_build_object('k', 'ended', 's', json_build_array(OLD.id))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_chat_ended AFTER DELETE ON sessions FOR EACH ROW WHEN (OLD.expires_at > now()) EXECUTE FUNCTION chat_session_ended();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_user_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat_events', json_build_object('k', 'ended', 'u', json_build_array(NEW.id))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_chat_ended AFTER UPDATE OF status ON users FOR EACH ROW WHEN (OLD.status = 'active' AND NEW.status <> 'active') EXECUTE FUNCTION chat_user_ended();
