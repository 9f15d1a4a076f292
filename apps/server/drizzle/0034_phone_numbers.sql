-- WhatsApp and SMS (issue 32, items 3 and 4; decision 040): a person's phone number (E.164) with,
-- per channel, when it was verified and when it opted out, and their last WhatsApp message (the
-- 24-hour window); the code being confirmed (hashed, expiry, attempts); the provider webhook events
-- already handled; and the built-in stand-ins' own schema (their outbox and what they know of a number).
CREATE SCHEMA "sandbox_messaging";
--> statement-breakpoint
CREATE TABLE "messaging_webhook_events" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"number" varchar(16) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_channel" CHECK ("phone_codes"."channel" IN ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"number" varchar(16) NOT NULL,
	"whatsapp_verified_at" timestamp with time zone,
	"sms_verified_at" timestamp with time zone,
	"whatsapp_opted_out_at" timestamp with time zone,
	"sms_opted_out_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_e164" CHECK ("phone_numbers"."number" ~ '^\+1[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_messaging"."contacts" (
	"channel" varchar(10) NOT NULL,
	"number" varchar(20) NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "contacts_channel_number_pk" PRIMARY KEY("channel","number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_messaging"."messages" (
	"id" varchar(80) PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"to_number" varchar(20) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"template" varchar(100),
	"params" jsonb,
	"body" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"error_code" integer,
	"idempotency_key" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_numbers_number_idx" ON "phone_numbers" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_verified_number_unique" ON "phone_numbers" USING btree ("number") WHERE "phone_numbers"."whatsapp_verified_at" IS NOT NULL OR "phone_numbers"."sms_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_messages_to_idx" ON "sandbox_messaging"."messages" USING btree ("to_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_idempotency_unique" ON "sandbox_messaging"."messages" USING btree ("channel","idempotency_key");