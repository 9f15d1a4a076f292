-- The job's address (issue 46, item 5; decision 049): street and number and a reference point,
-- sealed with the data key (AES-256-GCM, decision 010). Nullable: projects stored before them have none.
ALTER TABLE "projects" ADD COLUMN "street_enc" "bytea";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "reference_enc" "bytea";
