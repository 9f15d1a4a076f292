-- "Ofertas especiales" (decision 041): a sysadmin's campaigns (subject, text, the roles and countries
-- it is for, draft -> sending -> sent, its counts) and who has had each, one row per campaign and
-- person written with their mail, so a second click or a re-run job mails nobody twice; and the
-- outbox's optional extra headers (a campaign mail's List-Unsubscribe).
CREATE TYPE "public"."campaign_state" AS ENUM('draft', 'sending', 'sent');--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"whatsapp_queued_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"roles" "user_role"[] NOT NULL,
	"countries" "country_code"[] NOT NULL,
	"state" "campaign_state" DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"mailed" integer DEFAULT 0 NOT NULL,
	"whatsapp_queued" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_requested_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_user_idx" ON "campaign_recipients" USING btree ("user_id");