-- Extensions and the Spanish text-search configuration that the generated search
-- columns use. 'plomeria' must match 'Plomería': unaccent runs before the Spanish
-- stemmer, in the index and in the query alike.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'es_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION public.es_unaccent (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION public.es_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
  END IF;
END
$$;
