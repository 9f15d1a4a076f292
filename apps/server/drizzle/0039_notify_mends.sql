-- The notification channels' mends (decision 038, amended 2026-11-27): provider status callbacks that
-- arrive before their delivery's message id is stored are kept (notification_status_events) and applied
-- when it is; a number a provider cannot deliver to is marked per channel (the person's page says why);
-- indexes for the daily purge of old deliveries and webhook events.
CREATE TABLE "notification_status_events" (
	"channel" varchar(10) NOT NULL,
	"provider_message_id" text NOT NULL,
	"state" varchar(10) NOT NULL,
	"reason" text,
	"address_gone" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_status_events_channel_provider_message_id_state_pk" PRIMARY KEY("channel","provider_message_id","state")
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "whatsapp_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "sms_undeliverable_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_status_events_received_idx" ON "notification_status_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_created_idx" ON "notification_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messaging_webhook_events_received_idx" ON "messaging_webhook_events" USING btree ("received_at");