CREATE TABLE "listed_contractor_counts" (
	"country" "country_code" NOT NULL,
	"city" varchar(60) NOT NULL,
	"zone" text NOT NULL,
	"service" text NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "listed_contractor_counts_service_country_city_zone_pk" PRIMARY KEY("service","country","city","zone")
);
--> statement-breakpoint
-- hand-written from here (decision 076, "Counts from a summary"): the counts are kept by triggers
-- in the same transaction as every change that lists or unlists a contractor or moves a listed
-- one (country, city, zone, services), so a count read here is the one counting the contractors
-- gives. Statement triggers with transition tables: a bulk insert adds its sums once; a change
-- that lists nobody anew (a rating, a favourite) writes nothing. Rows are written in key order,
-- so two transactions never wait on each other's rows crosswise.
CREATE FUNCTION public.listed_account(role user_role, status user_status, email_verified boolean, phone_verified boolean, deleted_at timestamptz, banned_at timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  -- users.ts: a contractor role and listableAccount.
  SELECT role = 'contractor' AND status = 'active' AND (email_verified OR phone_verified) AND deleted_at IS NULL AND banned_at IS NULL
$$;--> statement-breakpoint
CREATE TYPE public.listed_count_change AS (country country_code, city varchar(60), zone zone, service_types service_type[], delta integer);--> statement-breakpoint
CREATE FUNCTION public.listed_counts_add(changes public.listed_count_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listed_contractor_counts AS c (country, city, zone, service, listed)
  SELECT d.country, d.city, coalesce(d.zone::text, ''), s.service, sum(d.delta)::int
  FROM unnest(changes) d
  CROSS JOIN LATERAL (SELECT '' AS service UNION SELECT unnest(d.service_types)::text) s
  GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (country, city, zone, service) DO UPDATE SET listed = c.listed + EXCLUDED.listed
$$;--> statement-breakpoint
CREATE FUNCTION public.listed_counts_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_counts_add(ARRAY(
    SELECT ROW(n.country, n.city, n.zone, n.service_types, 1)::public.listed_count_change
    FROM new_rows n JOIN users u ON u.id = n.user_id
    WHERE n.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_counts_profiles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_counts_add(ARRAY(
    SELECT ROW(n.country, n.city, n.zone, n.service_types, 1)::public.listed_count_change
    FROM new_rows n JOIN users u ON u.id = n.user_id
    WHERE n.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
    UNION ALL
    SELECT ROW(o.country, o.city, o.zone, o.service_types, -1)::public.listed_count_change
    FROM old_rows o JOIN users u ON u.id = o.user_id
    WHERE o.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_counts_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_counts_add(ARRAY(
    SELECT ROW(o.country, o.city, o.zone, o.service_types, -1)::public.listed_count_change
    FROM old_rows o JOIN users u ON u.id = o.user_id
    WHERE o.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION public.listed_counts_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.listed_counts_add(ARRAY(
    SELECT ROW(p.country, p.city, p.zone, p.service_types, CASE WHEN public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at) THEN 1 ELSE -1 END)::public.listed_count_change
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN contractor_profiles p ON p.user_id = n.id
    WHERE p.listable
      AND public.listed_account(n.role, n.status, n.email_verified, n.phone_verified, n.deleted_at, n.banned_at)
        <> public.listed_account(o.role, o.status, o.email_verified, o.phone_verified, o.deleted_at, o.banned_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An account deleted outright: its profile goes first, while the account is still there to say
-- whether it was listed (the cascade would delete it after the account, too late to tell).
CREATE FUNCTION public.listed_counts_user_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contractor_profiles WHERE user_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER contractor_profiles_listed_counts_insert AFTER INSERT ON contractor_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_counts_profiles_inserted();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_listed_counts_update AFTER UPDATE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_counts_profiles_updated();--> statement-breakpoint
CREATE TRIGGER contractor_profiles_listed_counts_delete AFTER DELETE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_counts_profiles_deleted();--> statement-breakpoint
CREATE TRIGGER users_listed_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.listed_counts_users_updated();--> statement-breakpoint
CREATE TRIGGER users_listed_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION public.listed_counts_user_deleting();--> statement-breakpoint
-- Every count afresh, from the contractors: the first fill here, and after writes made with the
-- triggers off (session_replication_role = replica: the bench's generator; a backup's restore
-- copies this table with the others, from the same instant, so needs nothing).
CREATE FUNCTION public.listed_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM listed_contractor_counts;
  INSERT INTO listed_contractor_counts (country, city, zone, service, listed)
  SELECT p.country, p.city, coalesce(p.zone::text, ''), s.service, count(*)::int
  FROM contractor_profiles p JOIN users u ON u.id = p.user_id
  CROSS JOIN LATERAL (SELECT '' AS service UNION SELECT unnest(p.service_types)::text) s
  WHERE p.listable AND public.listed_account(u.role, u.status, u.email_verified, u.phone_verified, u.deleted_at, u.banned_at)
  GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT public.listed_counts_rebuild();
