-- Places a Dominican would name (issue 34, item 2; decision 042): a contractor's base sector and
-- service radius, a project's sector, each with the sector's coordinates (packages/shared/src/
-- places.ts); the haversine distance in SQL; the demo's invented coordinates replaced by the
-- nearest real place of the contractor's city (or dropped), so no card shows an invented distance.
ALTER TABLE "contractor_profiles" ADD COLUMN "base_sector" varchar(60);--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "service_radius_km" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD CONSTRAINT "contractor_profiles_service_radius_km_check" CHECK ("contractor_profiles"."service_radius_km" BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sector" varchar(60);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lng" double precision;--> statement-breakpoint
CREATE INDEX "contractor_profiles_location_idx" ON "contractor_profiles" USING btree ("lat","lng");--> statement-breakpoint

-- Great-circle distance in km (haversine, earth radius 6,371 km), as kmBetweenPoints in places.ts.
-- Null when a point is missing. Immutable and plain SQL, so PostgreSQL inlines it.
CREATE OR REPLACE FUNCTION public.km_between(lat1 float8, lng1 float8, lat2 float8, lng2 float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2 + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lng2 - lng1) / 2) ^ 2)))
$$;--> statement-breakpoint

-- A move of the base (sector, coordinates) or of the radius changes who reaches a place: kind l.
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

-- The backfill: every contractor with coordinates (the demo's invented points, a sign-up's city
-- centre) gets the nearest place of their own city and that place's coordinates; anyone whose
-- city has no place (another country, 'otro') loses the coordinates. The places are those of
-- places.ts when this migration was written.
WITH places(slug, city, lat, lng) AS (VALUES
  ('alma-rosa', 'santo-domingo', 18.487, -69.85),
  ('arroyo-hondo', 'santo-domingo', 18.5, -69.947),
  ('bella-vista', 'santo-domingo', 18.456, -69.94),
  ('ciudad-colonial', 'santo-domingo', 18.473, -69.884),
  ('ciudad-modelo', 'santo-domingo', 18.564, -69.912),
  ('cristo-rey', 'santo-domingo', 18.496, -69.93),
  ('el-almirante', 'santo-domingo', 18.496, -69.8),
  ('el-millon', 'santo-domingo', 18.47, -69.954),
  ('engombe', 'santo-domingo', 18.457, -70),
  ('ensanche-la-fe', 'santo-domingo', 18.487, -69.918),
  ('ensanche-luperon', 'santo-domingo', 18.496, -69.908),
  ('ensanche-ozama', 'santo-domingo', 18.479, -69.865),
  ('evaristo-morales', 'santo-domingo', 18.479, -69.938),
  ('gazcue', 'santo-domingo', 18.465, -69.902),
  ('herrera', 'santo-domingo', 18.48, -69.98),
  ('invivienda', 'santo-domingo', 18.505, -69.815),
  ('julieta-morales', 'santo-domingo', 18.469, -69.947),
  ('alameda', 'santo-domingo', 18.494, -69.987),
  ('la-esperilla', 'santo-domingo', 18.472, -69.919),
  ('la-julia', 'santo-domingo', 18.46, -69.928),
  ('la-victoria', 'santo-domingo', 18.6, -69.87),
  ('las-caobas', 'santo-domingo', 18.5, -69.99),
  ('los-alcarrizos', 'santo-domingo', 18.517, -70.01),
  ('los-cacicazgos', 'santo-domingo', 18.442, -69.947),
  ('los-frailes', 'santo-domingo', 18.488, -69.804),
  ('los-guaricanos', 'santo-domingo', 18.537, -69.909),
  ('los-jardines-del-norte', 'santo-domingo', 18.498, -69.937),
  ('los-mina', 'santo-domingo', 18.496, -69.858),
  ('los-prados', 'santo-domingo', 18.484, -69.946),
  ('los-restauradores', 'santo-domingo', 18.459, -69.967),
  ('los-rios', 'santo-domingo', 18.495, -69.962),
  ('los-tres-brazos', 'santo-domingo', 18.512, -69.856),
  ('lucerna', 'santo-domingo', 18.488, -69.818),
  ('manoguayabo', 'santo-domingo', 18.493, -70.006),
  ('mendoza', 'santo-domingo', 18.5, -69.83),
  ('mirador-norte', 'santo-domingo', 18.477, -69.963),
  ('mirador-sur', 'santo-domingo', 18.447, -69.95),
  ('naco', 'santo-domingo', 18.475, -69.929),
  ('paraiso', 'santo-domingo', 18.474, -69.943),
  ('piantini', 'santo-domingo', 18.47, -69.939),
  ('quisqueya', 'santo-domingo', 18.462, -69.938),
  ('renacimiento', 'santo-domingo', 18.454, -69.958),
  ('sabana-perdida', 'santo-domingo', 18.539, -69.878),
  ('san-carlos', 'santo-domingo', 18.477, -69.893),
  ('san-isidro', 'santo-domingo', 18.5, -69.78),
  ('serralles', 'santo-domingo', 18.471, -69.931),
  ('villa-consuelo', 'santo-domingo', 18.483, -69.896),
  ('villa-duarte', 'santo-domingo', 18.477, -69.877),
  ('villa-francisca', 'santo-domingo', 18.481, -69.888),
  ('villa-juana', 'santo-domingo', 18.487, -69.905),
  ('villa-mella', 'santo-domingo', 18.552, -69.905),
  ('zona-universitaria', 'santo-domingo', 18.461, -69.915),
  ('bella-vista-santiago', 'santiago', 19.447, -70.692),
  ('cerros-de-gurabo', 'santiago', 19.47, -70.671),
  ('cienfuegos', 'santiago', 19.481, -70.723),
  ('gurabo', 'santiago', 19.481, -70.664),
  ('la-trinitaria', 'santiago', 19.449, -70.676),
  ('la-zurza', 'santiago', 19.46, -70.706),
  ('los-jardines', 'santiago', 19.458, -70.688),
  ('los-pepines', 'santiago', 19.442, -70.698),
  ('los-salados', 'santiago', 19.464, -70.65),
  ('pekin', 'santiago', 19.471, -70.708),
  ('pueblo-nuevo', 'santiago', 19.449, -70.703),
  ('reparto-del-este', 'santiago', 19.455, -70.67),
  ('villa-olga', 'santiago', 19.462, -70.686),
  ('puerto-plata', 'puerto-plata', 19.7934, -70.6884),
  ('punta-cana', 'punta-cana', 18.5601, -68.3725),
  ('la-romana', 'la-romana', 18.4273, -68.9728),
  ('san-pedro-de-macoris', 'san-pedro-de-macoris', 18.4539, -69.3086),
  ('la-vega', 'la-vega', 19.2221, -70.5296),
  ('san-cristobal', 'san-cristobal', 18.4167, -70.1)
), nearest AS (
  SELECT c.user_id, p.slug, p.lat, p.lng
  FROM contractor_profiles c
  LEFT JOIN LATERAL (
    SELECT places.slug, places.lat, places.lng FROM places
    WHERE c.country = 'DO' AND places.city = c.city
    ORDER BY public.km_between(c.lat, c.lng, places.lat, places.lng), places.slug
    LIMIT 1
  ) p ON true
  WHERE c.lat IS NOT NULL
)
UPDATE contractor_profiles cp SET base_sector = nearest.slug, lat = nearest.lat, lng = nearest.lng
FROM nearest WHERE nearest.user_id = cp.user_id;
