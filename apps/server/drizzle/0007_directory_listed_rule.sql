-- Who the directory lists (docs/spec-decisions.md, docs/decisions/013-contractor-directory.md):
-- a contractor account with a confirmed e-mail, active, not banned, not deleted (the partial
-- indexes' predicate) whose profile has the minimum a client needs: a name, a service and a
-- city (contractor_profiles.listable, generated). A sign-up no longer appears in search before
-- the person confirms the code and fills in the profile.
DROP INDEX "users_listed_contractors_idx";--> statement-breakpoint
DROP INDEX "users_unlisted_contractors_idx";--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "listable" boolean GENERATED ALWAYS AS (btrim(display_name) <> '' AND cardinality(service_types) > 0 AND coalesce(btrim(city), '') <> '') STORED;--> statement-breakpoint
CREATE INDEX "users_listed_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND "users"."status" = 'active' AND "users"."email_verified" AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_unlisted_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND NOT ("users"."status" = 'active' AND "users"."email_verified" AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL);--> statement-breakpoint

-- Entering or leaving the directory announces itself as kind m: a profile gaining or losing its
-- minimum (listable), an account confirming its e-mail.
CREATE OR REPLACE FUNCTION public.contractor_profiles_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  rich json;
  lean json;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM new_rows LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM old_rows LIMIT 51));
  ELSE
    WITH ch AS (
      SELECT n.user_id AS i,
        concat(
          CASE WHEN n.listable IS DISTINCT FROM o.listable THEN 'm' END,
          CASE WHEN (n.display_name, n.company_name, n.description) IS DISTINCT FROM (o.display_name, o.company_name, o.description) THEN 't' END,
          CASE WHEN n.service_types IS DISTINCT FROM o.service_types THEN 's' END,
          CASE WHEN (n.country, n.city, n.zone) IS DISTINCT FROM (o.country, o.city, o.zone) THEN 'l' END,
          CASE WHEN (n.rating_avg, n.rating_count) IS DISTINCT FROM (o.rating_avg, o.rating_count) THEN 'r' END,
          CASE WHEN (n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg)
            IS DISTINCT FROM (o.completed_projects, o.rating_count, o.favourites_count, o.rating_avg) THEN 'k' END,
          CASE WHEN (n.display_name, n.company_name, n.description, n.service_types, n.country, n.city, n.zone, n.lat, n.lng,
                     n.verified_at, n.featured, n.rating_avg, n.rating_count, n.completed_projects)
            IS DISTINCT FROM (o.display_name, o.company_name, o.description, o.service_types, o.country, o.city, o.zone, o.lat, o.lng,
                     o.verified_at, o.featured, o.rating_avg, o.rating_count, o.completed_projects) THEN 'd' END
        ) AS c,
        json_build_array(o.completed_projects, o.rating_count, o.favourites_count, o.rating_avg) AS o,
        json_build_array(n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg) AS n,
        to_json(tsvector_to_array(n.search_vector)) AS w,
        CASE WHEN o.search_vector IS DISTINCT FROM n.search_vector THEN to_json(tsvector_to_array(o.search_vector)) END AS v
      FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    ), first_changes AS (
      SELECT * FROM ch WHERE ch.c <> '' LIMIT 51
    )
    SELECT
      json_agg(json_strip_nulls(json_build_object('i', i, 'c', c, 'o', o, 'n', n, 'w', w, 'v', v))),
      json_agg(json_build_object('i', i, 'c', c, 'o', o, 'n', n))
    INTO rich, lean FROM first_changes;
    PERFORM public.directory_notify_changes(CASE WHEN octet_length(rich::text) <= 7900 THEN rich ELSE lean END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.users_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.directory_notify_changes((
    SELECT json_agg(json_build_object('i', ch.i, 'c', ch.c)) FROM (
      SELECT n.id AS i,
        concat(
          CASE WHEN (n.role, n.status, n.email_verified, n.deleted_at, n.banned_at) IS DISTINCT FROM (o.role, o.status, o.email_verified, o.deleted_at, o.banned_at) THEN 'm' END,
          CASE WHEN (n.avatar_photo_id, n.name, n.created_at) IS DISTINCT FROM (o.avatar_photo_id, o.name, o.created_at) THEN 'd' END
        ) AS c
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.role = 'contractor' OR o.role = 'contractor'
      UNION ALL
      -- A client's name shows on the pages of the contractors they reviewed.
      SELECT DISTINCT r.subject_id, 'p'
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN reviews r ON r.author_id = n.id AND r.status = 'approved'
      WHERE (n.first_name, n.last_name, n.status) IS DISTINCT FROM (o.first_name, o.last_name, o.status)
    ) ch WHERE ch.c <> '' LIMIT 51));
  RETURN NULL;
END $$;
