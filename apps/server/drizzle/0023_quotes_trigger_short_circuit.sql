-- Posting an offer (docs/decisions/020-projects-and-quotes.md, "Notifications after commit"): the
-- offer's transaction sends 'projects_changed' itself after commit and says so with
-- arreglaya.projects_notified_after_commit = 'on' (migration 0022), so projects_notify() returns
-- at once. The quotes' triggers fire twice on every offer (the insert, and the withdrawal's
-- update, which fires even when it closes nothing); they now look at that setting first, before
-- reading their transition tables and calling projects_notify(): the same outcome, without two
-- queries and a function call per offer.
CREATE OR REPLACE FUNCTION public.quotes_open_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('arreglaya.projects_notified_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM new_rows WHERE status = 'created' LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM old_rows WHERE status = 'created' LIMIT 51));
  ELSE
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT n.project_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status AND (n.status = 'created' OR o.status = 'created') LIMIT 51));
  END IF;
  RETURN NULL;
END $$;
