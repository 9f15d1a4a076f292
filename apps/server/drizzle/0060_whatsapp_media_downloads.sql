CREATE TABLE "whatsapp_media_downloads" (
	"message_id" varchar(200) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"from_number" varchar(16) NOT NULL,
	"kind" varchar(5) NOT NULL,
	"media_id" varchar(200) NOT NULL,
	"sha256" varchar(100),
	"caption" text,
	"received_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_media_downloads_kind" CHECK ("whatsapp_media_downloads"."kind" IN ('image', 'audio'))
);
--> statement-breakpoint
ALTER TABLE "whatsapp_media_downloads" ADD CONSTRAINT "whatsapp_media_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_media_downloads" ADD CONSTRAINT "whatsapp_media_downloads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_media_downloads_due_idx" ON "whatsapp_media_downloads" USING btree ("next_attempt_at");