CREATE TYPE "public"."verification_kind" AS ENUM('cedula', 'rnc', 'criminal_record', 'trade_certificate');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'approved', 'rejected', 'revoked');--> statement-breakpoint
CREATE TABLE "contractor_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "verification_kind" NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" varchar(500),
	"expires_on" date
);
--> statement-breakpoint
CREATE TABLE "rnc_registry" (
	"rnc" varchar(11) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"trade_name" text,
	"activity" text,
	"status" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_verification_documents" (
	"verification_id" uuid PRIMARY KEY NOT NULL,
	"mime" varchar(40) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractor_verifications" ADD CONSTRAINT "contractor_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_verifications" ADD CONSTRAINT "contractor_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_verification_documents" ADD CONSTRAINT "contractor_verification_documents_verification_id_contractor_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."contractor_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_verifications_one_pending_idx" ON "contractor_verifications" USING btree ("user_id","kind") WHERE "contractor_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contractor_verifications_user_idx" ON "contractor_verifications" USING btree ("user_id","kind","decided_at");--> statement-breakpoint
CREATE INDEX "contractor_verifications_pending_idx" ON "contractor_verifications" USING btree ("submitted_at") WHERE "contractor_verifications"."status" = 'pending';
-- hand-written: "Verificado" is now derived from an approved identity badge (decision 056). A
-- contractor a sysadmin marked Verificado before keeps it, as an approved cédula badge of that date.
INSERT INTO "contractor_verifications" ("user_id", "kind", "status", "details", "submitted_at", "decided_at", "note")
SELECT "user_id", 'cedula', 'approved', '{"legacy":true}'::jsonb, "verified_at", "verified_at", NULL
FROM "contractor_profiles" WHERE "verified_at" IS NOT NULL;
