-- Notifications on the outside channels (issue 32, decision 038): a person's choice per type and
-- channel where they changed the default, quiet hours, and one row per delivery (notification x person x
-- channel) with its state, the provider's reason and message id, attempts and next attempt; the unique key
-- (source_key, user_id, channel) makes a retried job or a re-run fan-out insert nothing twice.
CREATE TABLE "notification_channel_choices" (
	"user_id" uuid NOT NULL,
	"type" varchar(30) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_channel_choices_user_id_type_channel_pk" PRIMARY KEY("user_id","type","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(30) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"source_key" varchar(200) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"template_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_channel_choices" ADD CONSTRAINT "notification_channel_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_source_key" ON "notification_deliveries" USING btree ("source_key","user_id","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_provider_idx" ON "notification_deliveries" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_idx" ON "notification_deliveries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);