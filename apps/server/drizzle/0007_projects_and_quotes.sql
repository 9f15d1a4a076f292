CREATE TABLE "digest_deliveries" (
	"day" date NOT NULL,
	"contractor_id" uuid NOT NULL,
	"project_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_day_contractor_id_pk" PRIMARY KEY("day","contractor_id")
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
ALTER TABLE "quote_action_tokens" ADD CONSTRAINT "quote_action_tokens_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_action_tokens" ADD CONSTRAINT "quote_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_action_tokens_quote_idx" ON "quote_action_tokens" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_open_expiry_idx" ON "quotes" USING btree ("expires_at") WHERE "quotes"."status" = 'created';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_counter_status" CHECK ("quotes"."counter_status" IS NULL OR "quotes"."counter_status" IN ('pending', 'accepted', 'declined'));