DROP INDEX "contractor_profiles_search_idx";--> statement-breakpoint
CREATE INDEX "contractor_profiles_search_idx" ON "contractor_profiles" USING gin ("search_vector","service_types");