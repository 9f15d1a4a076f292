-- Payment protection for cash and transfer payers (issue 47; decision 051): a payment's rail, its due
-- time (a challenge, a voucher, a transfer reference stop holding the hire), the transfer's reference and
-- what the bank brought towards it, the voucher, the card that paid; the bank statement's lines and
-- imports, the CSV mappings per bank, and the console's money alerts.
CREATE TYPE "public"."payment_rail" AS ENUM('card', 'cash', 'transfer');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "bank_csv_mappings" (
	"bank" varchar(60) PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"payment_id" uuid,
	"dedupe_key" varchar(200) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_alerts_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" varchar(10) NOT NULL,
	"file_name" varchar(200),
	"imported_by" uuid,
	"lines" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_tx_id" varchar(200) NOT NULL,
	"import_id" uuid,
	"booked_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"reference" varchar(20),
	"description" text DEFAULT '' NOT NULL,
	"payer_name" varchar(200),
	"status" varchar(12) NOT NULL,
	"payment_id" uuid,
	"applied_minor" bigint DEFAULT 0 NOT NULL,
	"return_minor" bigint DEFAULT 0 NOT NULL,
	"returned_at" timestamp with time zone,
	"return_ref" varchar(140),
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_bank_tx_id_unique" UNIQUE("bank_tx_id"),
	CONSTRAINT "statement_lines_amount_positive" CHECK ("statement_lines"."amount_minor" > 0),
	CONSTRAINT "statement_lines_split" CHECK ("statement_lines"."applied_minor" >= 0 AND "statement_lines"."return_minor" >= 0 AND "statement_lines"."applied_minor" + "statement_lines"."return_minor" <= "statement_lines"."amount_minor"),
	CONSTRAINT "statement_lines_status" CHECK ("statement_lines"."status" IN ('matched', 'unmatched', 'returned', 'debit'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rail" "payment_rail" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" varchar(20);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instructions" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" "card_brand";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" char(4);--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_alerts_open_idx" ON "money_alerts" USING btree ("created_at") WHERE "money_alerts"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "statement_lines_payment_idx" ON "statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "statement_lines_open_idx" ON "statement_lines" USING btree ("created_at") WHERE "statement_lines"."status" = 'unmatched' OR ("statement_lines"."return_minor" > 0 AND "statement_lines"."returned_at" IS NULL);--> statement-breakpoint
CREATE INDEX "payments_open_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" IN ('pending', 'requires_action');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_not_negative" CHECK ("payments"."received_minor" >= 0);