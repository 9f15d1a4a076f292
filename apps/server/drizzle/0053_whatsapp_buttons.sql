CREATE TABLE "one_time_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_buttons" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"action" varchar(20) NOT NULL,
	"quote_id" uuid,
	"project_id" uuid,
	"chat_pair" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"reply_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_messaging"."messages" ADD COLUMN "buttons" jsonb;--> statement-breakpoint
ALTER TABLE "one_time_links" ADD CONSTRAINT "one_time_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_buttons" ADD CONSTRAINT "whatsapp_buttons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_links_expires_idx" ON "one_time_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "whatsapp_buttons_reply_idx" ON "whatsapp_buttons" USING btree ("user_id","reply_until") WHERE "whatsapp_buttons"."reply_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_buttons_expires_idx" ON "whatsapp_buttons" USING btree ("expires_at");