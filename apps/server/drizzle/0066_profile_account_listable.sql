DROP INDEX "users_unlisted_contractors_idx";--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "account_listable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written from here (decision 076, "Amended 2026-12-07 (later still)"): whether a profile's
-- account may be listed, on the profile itself, so a count tests it on each match (or in the GiST
-- indexes, which include it) instead of looking up each match's account: at a place, 1,001
-- matches cost about 2,000 index pages of users for the few accounts that may not be listed.
-- public.listed_account (0063) is the rule; the triggers keep the column in the same transaction
-- as every change: a profile made (or moved to another account) reads its account, and an
-- account whose listing changes writes its profile.
CREATE FUNCTION public.profile_account_listable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.account_listable := coalesce((SELECT public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at) FROM users u WHERE u.id = NEW.user_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION public.account_listable_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contractor_profiles p SET account_listable = public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at)
  FROM new_rows n
  WHERE p.user_id = n.id
    AND p.account_listable <> public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_account_listable_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.account_listable_users_updated();--> statement-breakpoint
-- The first fill. The summaries' update triggers (0063, 0065) would find nothing to count (no
-- listing, place, service or word changes) after reading every row twice: off for it, within this
-- migration's transaction, which holds the table's lock from the ALTER above.
ALTER TABLE contractor_profiles DISABLE TRIGGER contractor_profiles_listed_counts_update;--> statement-breakpoint
ALTER TABLE contractor_profiles DISABLE TRIGGER contractor_profiles_listed_words_update;--> statement-breakpoint
UPDATE contractor_profiles p SET account_listable = true FROM users u
  WHERE u.id = p.user_id AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at);--> statement-breakpoint
ALTER TABLE contractor_profiles ENABLE TRIGGER contractor_profiles_listed_counts_update;--> statement-breakpoint
ALTER TABLE contractor_profiles ENABLE TRIGGER contractor_profiles_listed_words_update;--> statement-breakpoint
-- After the fill (which wrote what it would). UPDATE OF account_listable too: whatever a statement writes there, the account's rule is kept.
CREATE TRIGGER contractor_profiles_account_listable BEFORE INSERT OR UPDATE OF user_id, account_listable ON contractor_profiles
  FOR EACH ROW EXECUTE FUNCTION public.profile_account_listable();--> statement-breakpoint
-- The bases' and the reaches' GiST indexes (0064) include it, so a place's count and a
-- nearest-first page's ids stay index-only scans. Rebuilt (writes to contractor_profiles wait for
-- each, a few seconds at 100,000 contractors, as 0064's did).
DROP INDEX IF EXISTS "contractor_profiles_reach_idx";--> statement-breakpoint
CREATE INDEX "contractor_profiles_reach_idx" ON "contractor_profiles" USING gist (public.reach_at("lat", "lng", "service_radius_km")) INCLUDE ("lat", "lng", "service_radius_km", "service_types", "user_id", "account_listable") WHERE "listable";--> statement-breakpoint
DROP INDEX IF EXISTS "contractor_profiles_earth_idx";--> statement-breakpoint
CREATE INDEX "contractor_profiles_earth_idx" ON "contractor_profiles" USING gist (public.earth_at("lat", "lng")) INCLUDE ("lat", "lng", "service_radius_km", "service_types", "user_id", "account_listable") WHERE "listable";--> statement-breakpoint
-- Writes made with the triggers off (the bench's generator) call listed_counts_rebuild(): it now
-- sets the column afresh first, then the two summaries.
CREATE OR REPLACE FUNCTION public.listed_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE contractor_profiles p SET account_listable = coalesce(public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at), false)
  FROM users u
  WHERE u.id = p.user_id
    AND p.account_listable <> coalesce(public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at), false);
  DELETE FROM listed_contractor_counts;
  INSERT INTO listed_contractor_counts (country, city, zone, service, listed)
  SELECT p.country, p.city, coalesce(p.zone::text, ''), s.service, count(*)::int
  FROM contractor_profiles p JOIN users u ON u.id = p.user_id
  CROSS JOIN LATERAL (SELECT '' AS service UNION SELECT unnest(p.service_types)::text) s
  WHERE p.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
  GROUP BY 1, 2, 3, 4;
  SELECT public.listed_words_rebuild();
$$;
