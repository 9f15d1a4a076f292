-- The contractor directory (docs/decisions/013-contractor-directory.md): an immutable unaccent
-- for the trigram index on names, one index per sort order, and the triggers that tell every
-- server instance (LISTEN directory_changed) which contractors' cached cards and pages changed.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "contractor_profiles_rating_idx";--> statement-breakpoint
DROP INDEX "contractor_profiles_reviews_idx";--> statement-breakpoint
CREATE INDEX "contractor_profiles_popular_idx" ON "contractor_profiles" USING btree ("completed_projects" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"favourites_count" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_rating_asc_idx" ON "contractor_profiles" USING btree (("rating_count" = 0),"rating_avg","rating_count" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_name_trgm_idx" ON "contractor_profiles" USING gin (public.f_unaccent(lower("display_name" || ' ' || coalesce("company_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_listed_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND "users"."status" = 'active' AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "contractor_profiles_rating_idx" ON "contractor_profiles" USING btree ("rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_reviews_idx" ON "contractor_profiles" USING btree ("rating_count" DESC NULLS LAST,"rating_avg" DESC NULLS LAST,"user_id");--> statement-breakpoint
-- Payload: up to 100 contractor ids separated by commas, or '*' (more than that: forget all).
-- NOTIFY is delivered at commit, and not at all on rollback.
CREATE OR REPLACE FUNCTION public.directory_notify(ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('directory_changed', '*');
  ELSE
    PERFORM pg_notify('directory_changed', array_to_string(ids, ','));
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.contractor_profiles_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM old_rows LIMIT 101));
  ELSE
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM new_rows LIMIT 101));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contractor_profiles_directory_insert AFTER INSERT ON contractor_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.contractor_profiles_directory_notify();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_directory_update AFTER UPDATE ON contractor_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.contractor_profiles_directory_notify();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_directory_delete AFTER DELETE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.contractor_profiles_directory_notify();--> statement-breakpoint
-- A contractor's account (listed or not, name, photo, member since), or the name of a client
-- whose approved reviews show on contractor pages.
CREATE OR REPLACE FUNCTION public.users_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.directory_notify(ARRAY(
    WITH changed AS (
      SELECT n.id,
        (n.role = 'contractor' OR o.role = 'contractor')
          AND (n.role, n.status, n.deleted_at, n.banned_at, n.avatar_photo_id, n.name, n.created_at)
            IS DISTINCT FROM (o.role, o.status, o.deleted_at, o.banned_at, o.avatar_photo_id, o.name, o.created_at) AS card_changed,
        (n.first_name, n.last_name, n.status) IS DISTINCT FROM (o.first_name, o.last_name, o.status) AS author_changed
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    )
    SELECT id FROM changed WHERE card_changed
    UNION
    SELECT r.subject_id FROM changed c JOIN reviews r ON r.author_id = c.id AND r.status = 'approved' WHERE c.author_changed
    LIMIT 101));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_directory_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.users_directory_notify();--> statement-breakpoint
-- Approved reviews show on the contractor's page (the aggregates move with contractor_profiles).
CREATE OR REPLACE FUNCTION public.reviews_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.directory_notify(ARRAY(SELECT DISTINCT subject_id FROM new_rows WHERE status = 'approved' LIMIT 101));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.directory_notify(ARRAY(SELECT DISTINCT subject_id FROM old_rows WHERE status = 'approved' LIMIT 101));
  ELSE
    PERFORM public.directory_notify(ARRAY(
      SELECT DISTINCT n.subject_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'approved' OR o.status = 'approved') AND n IS DISTINCT FROM o
      LIMIT 101));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_directory_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.reviews_directory_notify();--> statement-breakpoint
CREATE TRIGGER reviews_directory_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.reviews_directory_notify();--> statement-breakpoint
CREATE TRIGGER reviews_directory_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.reviews_directory_notify();
