-- Custom SQL migration file, put your code below! --
-- hand-written (docs/decisions/076-the-directory-on-postgresql.md, "Amended 2026-12-07 (round six)"): the
-- reach index of migration 0064 once more per service, partial on offering it. A place's search
-- with a service or a trade counts, and collects a page of, the contractors who offer it and reach
-- the place: through contractor_profiles_reach_idx that read every contractor reaching the place
-- and kept those offering (Renacimiento, a cabinet maker: 15,594 index entries read for 1,096,
-- 8 ms at 100,000 contractors); through the service's own index, about the ones it keeps (2 ms).
-- The search writes its one service as a literal (directory-rule.ts, offersSql), so the planner
-- proves the index's predicate. A service added to the enum later has no index until a migration
-- adds one: its searches are answered as before, through the index of everyone's reach.
DO $$
DECLARE s text;
BEGIN
  FOR s IN SELECT unnest(enum_range(NULL::service_type))::text LOOP
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON contractor_profiles USING gist (public.reach_at(lat, lng, service_radius_km)) '
      'INCLUDE (lat, lng, service_radius_km, service_types, user_id, account_listable) WHERE listable AND service_types && %L::service_type[]',
      'contractor_profiles_reach_' || s || '_idx', '{' || s || '}');
  END LOOP;
END $$;
