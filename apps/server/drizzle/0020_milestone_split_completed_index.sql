-- Decision 021: a sysadmin's split decision on a staged plan marks the milestone its released part
-- covers only in part as 'split' (part released, part refunded) instead of calling it released.
-- Decision 026 / 021: each approval recounts its contractor's completed projects; the partial index
-- makes that an index-only count of their approved work instead of a walk of all their projects.
ALTER TYPE "public"."milestone_status" ADD VALUE 'split';--> statement-breakpoint
CREATE INDEX "projects_contractor_completed_idx" ON "projects" USING btree ("contractor_id") WHERE "projects"."status" = 'completado';