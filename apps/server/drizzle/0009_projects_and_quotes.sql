CREATE TABLE "digest_deliveries" (
	"day" date NOT NULL,
	"contractor_id" uuid NOT NULL,
	"project_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_day_contractor_id_pk" PRIMARY KEY("day","contractor_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500) NOT NULL,
	"service_types" "service_type"[] NOT NULL,
	"completed_on" date NOT NULL,
	"cover_photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_photos" (
	"entry_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "portfolio_photos_entry_id_photo_id_pk" PRIMARY KEY("entry_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "quote_action_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_action_tokens_action" CHECK ("quote_action_tokens"."action" IN ('accept', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "delivery_note" varchar(1000);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "claim_reason" varchar(1000);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "counter_comment" varchar(2000);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "counter_status" varchar(10);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "countered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "stages" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_entry_id_portfolio_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."portfolio_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_action_tokens" ADD CONSTRAINT "quote_action_tokens_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_action_tokens" ADD CONSTRAINT "quote_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_entries_contractor_idx" ON "portfolio_entries" USING btree ("contractor_id","completed_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_action_tokens_quote_idx" ON "quote_action_tokens" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_open_expiry_idx" ON "quotes" USING btree ("expires_at") WHERE "quotes"."status" = 'created';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_counter_status" CHECK ("quotes"."counter_status" IS NULL OR "quotes"."counter_status" IN ('pending', 'accepted', 'declined'));