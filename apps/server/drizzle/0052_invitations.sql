CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_name" varchar(100) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" "currency" DEFAULT 'DOP' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"contractor_id" uuid,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"channel" varchar(10),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invitations_status" CHECK ("invitations"."status" IN ('sent', 'joined', 'accepted', 'funded', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_client_idx" ON "invitations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id");