ALTER TYPE "public"."message_type" ADD VALUE 'voice';--> statement-breakpoint
CREATE TABLE "voice_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_note_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_mime" varchar(40);--> statement-breakpoint
ALTER TABLE "voice_notes" ADD CONSTRAINT "voice_notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_notes_owner_idx" ON "voice_notes" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_voice_note_id_voice_notes_id_fk" FOREIGN KEY ("voice_note_id") REFERENCES "public"."voice_notes"("id") ON DELETE set null ON UPDATE no action;