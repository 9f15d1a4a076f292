-- Who was told of a new project, once per recipient and kind (decision 036): the immediate alert
-- fan-out and the client's "Coincidencias" skip whoever has a row; the daily digest leaves out
-- the projects a contractor was alerted of.
CREATE TABLE "project_alerts" (
	"project_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_alerts_project_id_recipient_id_kind_pk" PRIMARY KEY("project_id","recipient_id","kind")
);
--> statement-breakpoint
ALTER TABLE "project_alerts" ADD CONSTRAINT "project_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_alerts" ADD CONSTRAINT "project_alerts_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;