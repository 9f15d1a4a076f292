-- Directory change notifications that say WHAT changed (docs/decisions/013-contractor-directory.md),
-- so a favourite or a new review does not empty every cached search: the payload is a JSON array
-- of {"i": contractor id, "c": kinds, "o"/"n": sort keys before/after [completed_projects,
-- rating_count, favourites_count, rating_avg]}, or '*' (forget everything). Kinds: m = listed or
-- not (insert, delete, ban, deletion), t = name/company/description, s = services,
-- l = country/city/zone, r = rating, k = a sort key, d = anything its card shows,
-- p = its page only (reviews).
CREATE INDEX "users_unlisted_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND NOT ("users"."status" = 'active' AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.directory_notify_changes(changes json) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF changes IS NULL OR json_array_length(changes) = 0 THEN
    RETURN;
  END IF;
  payload := changes::text;
  -- More than 50 contractors at once (a bulk statement), or too long for NOTIFY: forget all.
  IF json_array_length(changes) > 50 OR length(payload) > 7900 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('directory_changed', payload);
END $$;--> statement-breakpoint
-- Any change to these contractors, nothing more known (the most a reader can forget for them).
CREATE OR REPLACE FUNCTION public.directory_notify(ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.directory_notify_changes((SELECT json_agg(json_build_object('i', id, 'c', 'm')) FROM unnest(ids) AS id));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.contractor_profiles_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM new_rows LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM old_rows LIMIT 51));
  ELSE
    PERFORM public.directory_notify_changes((
      SELECT json_agg(json_build_object('i', ch.i, 'c', ch.c, 'o', ch.o, 'n', ch.n)) FROM (
        SELECT n.user_id AS i,
          concat(
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
          json_build_array(n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg) AS n
        FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
      ) ch WHERE ch.c <> '' LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The update trigger now also needs the rows as they were.
DROP TRIGGER contractor_profiles_directory_update ON contractor_profiles;--> statement-breakpoint
CREATE TRIGGER contractor_profiles_directory_update AFTER UPDATE ON contractor_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.contractor_profiles_directory_notify();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.users_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.directory_notify_changes((
    SELECT json_agg(json_build_object('i', ch.i, 'c', ch.c)) FROM (
      SELECT n.id AS i,
        concat(
          CASE WHEN (n.role, n.status, n.deleted_at, n.banned_at) IS DISTINCT FROM (o.role, o.status, o.deleted_at, o.banned_at) THEN 'm' END,
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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.reviews_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT subject_id FROM new_rows WHERE status = 'approved' LIMIT 51);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT subject_id FROM old_rows WHERE status = 'approved' LIMIT 51);
  ELSE
    ids := ARRAY(
      SELECT DISTINCT n.subject_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'approved' OR o.status = 'approved') AND n IS DISTINCT FROM o
      LIMIT 51);
  END IF;
  PERFORM public.directory_notify_changes((SELECT json_agg(json_build_object('i', id, 'c', 'p')) FROM unnest(ids) AS id));
  RETURN NULL;
END $$;
