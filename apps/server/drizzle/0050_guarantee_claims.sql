CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" varchar(20) DEFAULT 'delivery' NOT NULL,
	"opened_by" uuid,
	"reason" varchar(1000) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer" varchar(2000),
	"answered_at" timestamp with time zone,
	"answer_due_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"decide_due_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"late_at" timestamp with time zone,
	CONSTRAINT "claims_kind_check" CHECK ("claims"."kind" IN ('delivery', 'warranty'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "auto_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_open_project_idx" ON "claims" USING btree ("project_id","kind") WHERE "claims"."decided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "claims_project_idx" ON "claims" USING btree ("project_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_undecided_idx" ON "claims" USING btree ("answer_due_at") WHERE "claims"."decided_at" IS NULL;
-- hand-written: every project in claim today gets its claims row (decision 054). Its deadlines are
-- approximated in calendar days (5 business days ≈ 7 days, 10 ≈ 14; holidays not counted): the
-- business-day calendar lives in TypeScript. Projects disputed and since decided keep no row.
INSERT INTO "claims" ("project_id", "kind", "opened_by", "reason", "opened_at", "answer_due_at", "decide_due_at")
SELECT p."id", 'delivery', p."client_id", coalesce(p."claim_reason", ''), coalesce(p."disputed_at", p."updated_at"),
  coalesce(p."disputed_at", p."updated_at") + interval '7 days', coalesce(p."disputed_at", p."updated_at") + interval '14 days'
FROM "projects" p WHERE p."status" = 'disputed';
