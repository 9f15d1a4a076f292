-- Custom SQL migration file, put your code below! --
-- hand-written: a contractor's reach on a GiST index (docs/decisions/076-the-directory-on-postgresql.md,
-- "Amended 2026-12-07 (h30)"). public.reach_at(lat, lng, km) is the cube around a base's point
-- (public.earth_at) whose half side is the chord of `km` on earthdistance's sphere, plus 0.1%: every
-- point public.km_between puts within `km` of the base is inside it. A place's search asks which
-- contractors' reach contains its point (reach_at(...) @> earth_at(point)), then checks the exact
-- distance: the index returns about the contractors who reach it, where the box of the longest
-- radius around the point returned everyone based within 100 km (a third of the country).
-- Both GiST indexes, this one and the bases' points' (nearest first, KNN: rebuilt here), are partial
-- on `listable` (every directory query has it) and cover the columns a place's count and a nearest-
-- first page's ids test (base, radius, services, id), so those read the index alone.
CREATE OR REPLACE FUNCTION public.reach_at(lat float8, lng float8, km float8) RETURNS public.cube
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN public.cube_enlarge(public.earth_at(lat, lng), 2 * 6378168::float8 * sin(km / 6371::float8 / 2) * 1.001, 3);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contractor_profiles_reach_idx" ON "contractor_profiles" USING gist (public.reach_at("lat", "lng", "service_radius_km")) INCLUDE ("lat", "lng", "service_radius_km", "service_types", "user_id") WHERE "listable";
--> statement-breakpoint
DROP INDEX IF EXISTS "contractor_profiles_earth_idx";--> statement-breakpoint
CREATE INDEX "contractor_profiles_earth_idx" ON "contractor_profiles" USING gist (public.earth_at("lat", "lng")) INCLUDE ("lat", "lng", "service_radius_km", "service_types", "user_id") WHERE "listable";
