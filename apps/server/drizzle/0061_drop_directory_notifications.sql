-- Custom SQL migration file, put your code below! --
-- hand-written: nothing listens on directory_changed any more (docs/decisions/076-the-directory-on-postgresql.md):
-- the directory answers from PostgreSQL, so the triggers of migrations 0003/0004 (redefined by
-- 0006, 0007, 0036 and 0037) and their functions go. Every write to contractor_profiles, users
-- and reviews no longer builds a notification nobody reads.
DROP TRIGGER IF EXISTS contractor_profiles_directory_insert ON contractor_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS contractor_profiles_directory_update ON contractor_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS contractor_profiles_directory_delete ON contractor_profiles;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_directory_update ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_directory_insert ON reviews;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_directory_update ON reviews;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_directory_delete ON reviews;--> statement-breakpoint
DROP FUNCTION IF EXISTS public.contractor_profiles_directory_notify();--> statement-breakpoint
DROP FUNCTION IF EXISTS public.users_directory_notify();--> statement-breakpoint
DROP FUNCTION IF EXISTS public.reviews_directory_notify();--> statement-breakpoint
DROP FUNCTION IF EXISTS public.directory_notify(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.directory_notify_changes(json);
