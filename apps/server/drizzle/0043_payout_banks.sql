ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout_return';--> statement-breakpoint
CREATE TABLE "dlocal_sandbox"."payouts" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"merchant_login" varchar(100) NOT NULL,
	"external_id" varchar(100) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"country" char(2) NOT NULL,
	"payment_method_id" varchar(20) NOT NULL,
	"flow_type" varchar(5) NOT NULL,
	"purpose" varchar(40) NOT NULL,
	"status" varchar(12) NOT NULL,
	"status_code" varchar(4) NOT NULL,
	"status_detail" varchar(100) NOT NULL,
	"outcome" varchar(60) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"account_type" char(1) NOT NULL,
	"account_last4" char(4) NOT NULL,
	"document_type" varchar(4) NOT NULL,
	"description" varchar(200),
	"notification_url" text,
	"settles_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "document_type" varchar(10);--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "document_number_enc" "bytea";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "document_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "processor_status_code" varchar(10);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" varchar(60);--> statement-breakpoint
CREATE UNIQUE INDEX "dlocal_sandbox_payouts_external" ON "dlocal_sandbox"."payouts" USING btree ("merchant_login","external_id");--> statement-breakpoint
CREATE INDEX "dlocal_sandbox_payouts_open" ON "dlocal_sandbox"."payouts" USING btree ("settles_at") WHERE "dlocal_sandbox"."payouts"."status" IN ('PENDING', 'DELIVERED');