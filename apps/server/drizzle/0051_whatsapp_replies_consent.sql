ALTER TABLE "notification_deliveries" ADD COLUMN "chat_pair" jsonb;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_opted_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_opt_in_source" varchar(10);--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_opt_out_source" varchar(10);