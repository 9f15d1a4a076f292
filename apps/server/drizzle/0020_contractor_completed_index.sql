-- Decision 026 / 021: each approval recounts its contractor's completed projects; this partial index
-- makes that an index-only count of their approved work instead of a walk of all their projects.
CREATE INDEX "projects_contractor_completed_idx" ON "projects" USING btree ("contractor_id") WHERE "projects"."status" = 'completado';
