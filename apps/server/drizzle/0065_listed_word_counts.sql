CREATE TABLE "listed_word_counts" (
	"country" "country_code" NOT NULL,
	"lexeme" text NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "listed_word_counts_country_lexeme_pk" PRIMARY KEY("country","lexeme")
);
--> statement-breakpoint
-- hand-written from here (decision 076, "Amended 2026-12-07 (later still)"): the words of the
-- listed contractors' search text (the lexemes of contractor_profiles.search_vector) counted per
-- country, kept by statement triggers in the same transaction as every change, as migration
-- 0063's listed_contractor_counts is: a contractor listed or unlisted, moved to another country,
-- or whose name, company or description changed. A change that touches none of these (a rating,
-- a favourite, the trust sweep) writes nothing: the update trigger compares each row's old and
-- new listing, country and words first. Rows are written in key order, so two transactions never
-- wait on each other's rows crosswise.
CREATE TYPE public.listed_word_change AS (country country_code, lexemes text[], delta integer);--> statement-breakpoint
CREATE FUNCTION public.listed_words_add(changes public.listed_word_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listed_word_counts AS c (country, lexeme, listed)
  SELECT d.country, w.lexeme, sum(d.delta)::int
  FROM unnest(changes) d CROSS JOIN LATERAL unnest(d.lexemes) AS w(lexeme)
  GROUP BY 1, 2 HAVING sum(d.delta) <> 0
  ORDER BY 1, 2
  ON CONFLICT (country, lexeme) DO UPDATE SET listed = c.listed + EXCLUDED.listed
$$;--> statement-breakpoint
CREATE FUNCTION public.listed_words_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_words_add(ARRAY(
    SELECT ROW(n.country, tsvector_to_array(n.search_vector), 1)::public.listed_word_change
    FROM new_rows n JOIN users u ON u.id = n.user_id
    WHERE n.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_words_profiles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_words_add(ARRAY(
    SELECT ROW(n.country, tsvector_to_array(n.search_vector), 1)::public.listed_word_change
    FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id JOIN users u ON u.id = n.user_id
    WHERE (n.listable, n.country, n.search_vector) IS DISTINCT FROM (o.listable, o.country, o.search_vector)
      AND n.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
    UNION ALL
    SELECT ROW(o.country, tsvector_to_array(o.search_vector), -1)::public.listed_word_change
    FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id JOIN users u ON u.id = o.user_id
    WHERE (n.listable, n.country, n.search_vector) IS DISTINCT FROM (o.listable, o.country, o.search_vector)
      AND o.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_words_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_words_add(ARRAY(
    SELECT ROW(o.country, tsvector_to_array(o.search_vector), -1)::public.listed_word_change
    FROM old_rows o JOIN users u ON u.id = o.user_id
    WHERE o.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_words_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_words_add(ARRAY(
    SELECT ROW(p.country, tsvector_to_array(p.search_vector), CASE WHEN public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at) THEN 1 ELSE -1 END)::public.listed_word_change
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN contractor_profiles p ON p.user_id = n.id
    WHERE p.listable
      AND public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at)
        <> public.listed_account(o.role, o.status, o.email_verified, o.phone_verified, o.deleted_at, o.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An account deleted outright: 0063's BEFORE DELETE trigger on users deletes its profile first,
-- so the profiles' delete trigger below takes its words away while the account can still tell.
CREATE TRIGGER contractor_profiles_listed_words_insert AFTER INSERT ON contractor_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_words_profiles_inserted();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_listed_words_update AFTER UPDATE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_words_profiles_updated();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_listed_words_delete AFTER DELETE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_words_profiles_deleted();--> statement-breakpoint
CREATE TRIGGER users_listed_words_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_words_users_updated();--> statement-breakpoint
-- A search of one word asks whether a word its own tsquery matches is had by more than the cap:
-- each row's word as a one-lexeme tsvector, in a GIN index, answers the tsquery (a prefix too).
CREATE INDEX listed_word_counts_word_idx ON listed_word_counts USING gin (array_to_tsvector(ARRAY[lexeme]));--> statement-breakpoint
-- Every count afresh, from the contractors: the first fill here, and after writes made with the
-- triggers off (the bench's generator). listed_counts_rebuild() (0063), which the generator
-- calls, now rebuilds both summaries.
CREATE FUNCTION public.listed_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM listed_word_counts;
  INSERT INTO listed_word_counts (country, lexeme, listed)
  SELECT p.country, w.lexeme, count(*)::int
  FROM contractor_profiles p JOIN users u ON u.id = p.user_id
  CROSS JOIN LATERAL unnest(tsvector_to_array(p.search_vector)) AS w(lexeme)
  WHERE p.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
  GROUP BY 1, 2;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.listed_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM listed_contractor_counts;
  INSERT INTO listed_contractor_counts (country, city, zone, service, listed)
  SELECT p.country, p.city, coalesce(p.zone::text, ''), s.service, count(*)::int
  FROM contractor_profiles p JOIN users u ON u.id = p.user_id
  CROSS JOIN LATERAL (SELECT '' AS service UNION SELECT unnest(p.service_types)::text) s
  WHERE p.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
  GROUP BY 1, 2, 3, 4;
  SELECT public.listed_words_rebuild();
$$;--> statement-breakpoint
SELECT public.listed_words_rebuild();
