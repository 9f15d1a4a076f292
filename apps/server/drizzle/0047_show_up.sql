CREATE TYPE "public"."reliability_kind" AS ENUM('late_cancellation', 'no_show');--> statement-breakpoint
CREATE TABLE "project_arrivals" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"contractor_id" uuid NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"on_start_day" boolean NOT NULL,
	"answer" varchar(10),
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "project_arrivals_answer_check" CHECK ("project_arrivals"."answer" IN ('confirmed', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "reliability_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" "reliability_kind" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reliability_events_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: the order only (paused_at must exist before listable reads it); drizzle put it after.
ALTER TABLE "contractor_profiles" drop column "listable";--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "listable" boolean GENERATED ALWAYS AS (btrim(display_name) <> '' AND cardinality(service_types) > 0 AND coalesce(btrim(city), '') <> '' AND paused_at IS NULL) STORED;--> statement-breakpoint
ALTER TABLE "project_arrivals" ADD CONSTRAINT "project_arrivals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_arrivals" ADD CONSTRAINT "project_arrivals_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_arrivals" ADD CONSTRAINT "project_arrivals_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_arrivals_contractor_idx" ON "project_arrivals" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "reliability_events_contractor_at_idx" ON "reliability_events" USING btree ("contractor_id","at");