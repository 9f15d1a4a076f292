-- The open projects' cached answers (apps/server/src/modules/projects/open-projects-cache.ts,
-- docs/decisions/020-projects-and-quotes.md): on commit, 'projects_changed' is notified with the
-- ids (comma-separated) of the projects whose open-list entry or page may have changed, or '*'
-- (more than 50 at once, or a client's first name). Only what an open project shows: projects
-- that are or were open, their open offers, their request photos.
CREATE OR REPLACE FUNCTION public.projects_notify(ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('projects_changed', CASE WHEN cardinality(ids) > 50 THEN '*' ELSE array_to_string(ids, ',') END);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.projects_open_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.projects_notify(ARRAY(SELECT id FROM new_rows WHERE status = 'created' LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.projects_notify(ARRAY(SELECT id FROM old_rows WHERE status = 'created' LIMIT 51));
  ELSE
    PERFORM public.projects_notify(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status = 'created' OR o.status = 'created' LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_open_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.projects_open_notify();--> statement-breakpoint
CREATE TRIGGER projects_open_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.projects_open_notify();--> statement-breakpoint
CREATE TRIGGER projects_open_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.projects_open_notify();--> statement-breakpoint
-- Open offers: the count on the list and the page.
CREATE OR REPLACE FUNCTION public.quotes_open_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM new_rows WHERE status = 'created' LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM old_rows WHERE status = 'created' LIMIT 51));
  ELSE
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT n.project_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status AND (n.status = 'created' OR o.status = 'created') LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER quotes_open_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.quotes_open_notify();--> statement-breakpoint
CREATE TRIGGER quotes_open_update AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.quotes_open_notify();--> statement-breakpoint
CREATE TRIGGER quotes_open_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.quotes_open_notify();--> statement-breakpoint
-- Request photos (the page's photos; the cover is on the project row).
CREATE OR REPLACE FUNCTION public.project_photos_open_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM old_rows WHERE NOT delivery LIMIT 51));
  ELSE
    PERFORM public.projects_notify(ARRAY(SELECT DISTINCT project_id FROM new_rows WHERE NOT delivery LIMIT 51));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER project_photos_open_insert AFTER INSERT ON project_photos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.project_photos_open_notify();--> statement-breakpoint
CREATE TRIGGER project_photos_open_update AFTER UPDATE ON project_photos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.project_photos_open_notify();--> statement-breakpoint
CREATE TRIGGER project_photos_open_delete AFTER DELETE ON project_photos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.project_photos_open_notify();--> statement-breakpoint
-- A client's first name is on every one of their projects' tiles and pages.
CREATE OR REPLACE FUNCTION public.users_open_projects_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('projects_changed', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_open_projects_update AFTER UPDATE OF first_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name AND NEW.role = 'client') EXECUTE FUNCTION public.users_open_projects_notify();
