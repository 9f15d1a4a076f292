CREATE SCHEMA "sandbox_processor";
--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'refunds';--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'payouts';--> statement-breakpoint
CREATE TABLE "money_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" varchar(60) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_requests_user_key" UNIQUE("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank" varchar(100) NOT NULL,
	"account_type" "bank_account_type" NOT NULL,
	"account_number_enc" "bytea" NOT NULL,
	"last4" char(4) NOT NULL,
	"holder_name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"processor_ref" text,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "processor_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"processor_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_refunds_amount_positive" CHECK ("processor_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor"."charges" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"token_id" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_code" varchar(40),
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"return_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_charges_refund_within" CHECK ("sandbox_processor"."charges"."refunded_minor" >= 0 AND "sandbox_processor"."charges"."refunded_minor" <= "sandbox_processor"."charges"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor"."payouts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"destination" varchar(120) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor"."refunds" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"charge_id" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor"."tokens" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_action_url" text;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_contractor_idx" ON "payouts" USING btree ("contractor_id");--> statement-breakpoint
CREATE INDEX "processor_refunds_status_idx" ON "processor_refunds" USING btree ("status");