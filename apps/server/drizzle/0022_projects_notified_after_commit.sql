-- Notifications after commit (docs/decisions/020-projects-and-quotes.md): PostgreSQL lets one
-- transaction that NOTIFYs commit at a time, through its WAL flush. A transaction that will send
-- 'projects_changed' itself once it has committed (db/notifier.ts; posting an offer does) says so
-- with the transaction-local setting arreglaya.projects_notified_after_commit = 'on', and migration
-- 0017's triggers then leave the NOTIFY to it. Every other writer is notified for as before.
CREATE OR REPLACE FUNCTION public.projects_notify(ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 OR current_setting('arreglaya.projects_notified_after_commit', true) = 'on' THEN
    RETURN;
  END IF;
  PERFORM pg_notify('projects_changed', CASE WHEN cardinality(ids) > 50 THEN '*' ELSE array_to_string(ids, ',') END);
END $$;
