CREATE TABLE "phone_sign_in_codes" (
	"number" varchar(16) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" varchar(10) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_sign_in_codes_channel" CHECK ("phone_sign_in_codes"."channel" IN ('whatsapp', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "phone_sign_in_codes" ADD CONSTRAINT "phone_sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_user_idx" ON "phone_sign_in_codes" USING btree ("user_id");