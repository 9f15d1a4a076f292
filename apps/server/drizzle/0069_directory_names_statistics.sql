-- Custom SQL migration file, put your code below! --
-- hand-written (docs/decisions/076-the-directory-on-postgresql.md, "Amended 2026-12-07 (round seven)"):
-- the statistics of the names' trigram index (its one expression: a contractor's name and company,
-- unaccented) kept at 10 values instead of 100. PostgreSQL estimates how many names are close to a
-- typo ('<%', 'LIKE %…%') by trying the typo against each kept value, every time it plans such a
-- statement, and a search without a place plans its statements every time: a typo's page took
-- 1.4–1.7 ms to plan and its count 1.1 ms; with 10 values 0.7 and 0.35 ms, with the same plans
-- (the directory's statements timed one by one at 100,000 contractors).
ALTER INDEX contractor_profiles_name_trgm_idx ALTER COLUMN 1 SET STATISTICS 10;--> statement-breakpoint
ANALYZE contractor_profiles;
