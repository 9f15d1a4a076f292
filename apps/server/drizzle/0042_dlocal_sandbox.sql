CREATE SCHEMA "dlocal_sandbox";
--> statement-breakpoint
CREATE TABLE "dlocal_sandbox"."card_tokens" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"brand" varchar(2) NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dlocal_sandbox"."notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_kind" varchar(10) NOT NULL,
	"subject_id" varchar(60) NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" smallint,
	"last_error" varchar(200),
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dlocal_sandbox"."payments" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"merchant_login" varchar(100) NOT NULL,
	"order_id" varchar(200) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"country" char(2) NOT NULL,
	"payment_method_id" varchar(10) NOT NULL,
	"payment_method_type" varchar(20) NOT NULL,
	"payment_method_flow" varchar(10) NOT NULL,
	"status" varchar(12) NOT NULL,
	"status_code" varchar(3) NOT NULL,
	"card_token_id" varchar(60),
	"ticket_number" varchar(40),
	"ticket_barcode" varchar(60),
	"ticket_expires_at" timestamp with time zone,
	"payer_user_reference" varchar(100),
	"description" varchar(200),
	"notification_url" text,
	"callback_url" text,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dlocal_sandbox_payments_refund_within" CHECK ("dlocal_sandbox"."payments"."refunded_minor" >= 0 AND "dlocal_sandbox"."payments"."refunded_minor" <= "dlocal_sandbox"."payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "dlocal_sandbox"."refunds" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"payment_id" varchar(60) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" varchar(12) NOT NULL,
	"notification_url" text,
	"description" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dlocal_sandbox_notifications_due" ON "dlocal_sandbox"."notifications" USING btree ("next_attempt_at") WHERE "dlocal_sandbox"."notifications"."delivered_at" IS NULL AND "dlocal_sandbox"."notifications"."gave_up_at" IS NULL;--> statement-breakpoint
CREATE INDEX "dlocal_sandbox_notifications_subject" ON "dlocal_sandbox"."notifications" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dlocal_sandbox_payments_order" ON "dlocal_sandbox"."payments" USING btree ("merchant_login","order_id");--> statement-breakpoint
CREATE INDEX "dlocal_sandbox_payments_pending_tickets" ON "dlocal_sandbox"."payments" USING btree ("ticket_expires_at") WHERE "dlocal_sandbox"."payments"."status" = 'PENDING' AND "dlocal_sandbox"."payments"."ticket_expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dlocal_sandbox_refunds_payment" ON "dlocal_sandbox"."refunds" USING btree ("payment_id");