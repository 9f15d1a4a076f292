-- Custom SQL migration file, put your code below! --
-- hand-written: the directory on PostgreSQL (docs/decisions/076-the-directory-on-postgresql.md).
-- earthdistance (on cube) for the bases' points: a GiST index answers the reach's box and
-- nearest first (KNN, <->). public.earth_at is ll_to_earth with every name schema-qualified and
-- returning the plain cube, so the index expression does not depend on the search_path
-- (PostgreSQL 17+ runs index builds with a safe search_path) nor on the earth domain's checks.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.earth_at(lat float8, lng float8) RETURNS public.cube
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN public.cube(public.cube(public.cube(6378168::float8 * cos(radians(lat)) * cos(radians(lng))), 6378168::float8 * cos(radians(lat)) * sin(radians(lng))), 6378168::float8 * sin(radians(lat)));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contractor_profiles_earth_idx" ON "contractor_profiles" USING gist (public.earth_at("lat", "lng"));
