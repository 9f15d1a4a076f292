ALTER TABLE "payments" ADD COLUMN "method" varchar(12);--> statement-breakpoint
-- hand-written: a project's currency is its country's (decision 067); projects stored before were all written DOP by the column's default.
UPDATE "projects" SET "currency" = CASE "country" WHEN 'CO' THEN 'COP'::currency WHEN 'MX' THEN 'MXN'::currency ELSE 'DOP'::currency END WHERE "currency" IS DISTINCT FROM CASE "country" WHEN 'CO' THEN 'COP'::currency WHEN 'MX' THEN 'MXN'::currency ELSE 'DOP'::currency END;
