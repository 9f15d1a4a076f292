-- Cards verified at save (issue 29, decision 021 "Saved cards"): the sandbox processor's zero-amount
-- verifications (as Stripe's SetupIntents), and a saved card's status: 'active' (verified, usable) or
-- 'pending_verification' (its bank asked for a challenge; not listed, never charged, until confirmed).
-- Existing cards stay 'active'.
CREATE TABLE "sandbox_processor"."verifications" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"token_id" varchar(40) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_code" varchar(40),
	"return_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifications_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "status" varchar(20) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_status" CHECK ("payment_methods"."status" IN ('active', 'pending_verification'));