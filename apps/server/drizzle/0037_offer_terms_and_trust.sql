-- Offers you can compare and trust you can read (issue 34, items 3 and 4; decision 043).
-- An offer's terms: start date, duration (1-365 days), warranty (0-1,825 days), materials included.
-- Offers made before are null ('Sin indicar'). counter_answered_at times the contractor's answer
-- to a counter-offer (a response-time sample).
ALTER TABLE "quotes" ADD COLUMN "counter_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "duration_days" smallint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "warranty_days" smallint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "materials_included" boolean;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_duration_days" CHECK ("quotes"."duration_days" IS NULL OR "quotes"."duration_days" BETWEEN 1 AND 365);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_warranty_days" CHECK ("quotes"."warranty_days" IS NULL OR "quotes"."warranty_days" BETWEEN 0 AND 1825);--> statement-breakpoint
-- The contractor's trust data, computed set-based (db/contractor-trust.ts) and read with the card.
ALTER TABLE "contractor_profiles" ADD COLUMN "median_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "hires_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "price_guide" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "portfolio_thumbs" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint

-- The trust data is shown on the card: a change of it is kind d (anything the card shows), so the
-- cached pages showing that contractor, and their public page, are dropped (directory-staleness.ts).
-- Kind l keeps 0036's place columns (base sector, coordinates, service radius).
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
          CASE WHEN (n.country, n.city, n.zone, n.base_sector, n.lat, n.lng, n.service_radius_km)
            IS DISTINCT FROM (o.country, o.city, o.zone, o.base_sector, o.lat, o.lng, o.service_radius_km) THEN 'l' END,
          CASE WHEN (n.rating_avg, n.rating_count) IS DISTINCT FROM (o.rating_avg, o.rating_count) THEN 'r' END,
          CASE WHEN (n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg)
            IS DISTINCT FROM (o.completed_projects, o.rating_count, o.favourites_count, o.rating_avg) THEN 'k' END,
          CASE WHEN (n.display_name, n.company_name, n.description, n.service_types, n.country, n.city, n.zone, n.lat, n.lng,
                     n.verified_at, n.featured, n.rating_avg, n.rating_count, n.completed_projects,
                     n.median_response_minutes, n.hires_count, n.price_guide, n.portfolio_thumbs)
            IS DISTINCT FROM (o.display_name, o.company_name, o.description, o.service_types, o.country, o.city, o.zone, o.lat, o.lng,
                     o.verified_at, o.featured, o.rating_avg, o.rating_count, o.completed_projects,
                     o.median_response_minutes, o.hires_count, o.price_guide, o.portfolio_thumbs) THEN 'd' END
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
END $$;
