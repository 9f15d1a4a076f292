ALTER TABLE "contractor_profiles" ADD COLUMN "cedula_index" "bytea";--> statement-breakpoint
CREATE INDEX "contractor_profiles_cedula_index_idx" ON "contractor_profiles" USING btree ("cedula_index");