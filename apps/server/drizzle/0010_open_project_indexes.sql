DROP INDEX "projects_services_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "projects_open_idx";--> statement-breakpoint
CREATE INDEX "projects_open_services_idx" ON "projects" USING gin ("service_types") WHERE "projects"."status" = 'created';--> statement-breakpoint
CREATE INDEX "projects_open_search_idx" ON "projects" USING gin ("search_vector") WHERE "projects"."status" = 'created';--> statement-breakpoint
CREATE INDEX "projects_open_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."status" = 'created';