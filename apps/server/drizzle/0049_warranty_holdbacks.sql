CREATE TABLE "warranty_holdbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'held' NOT NULL,
	"claim_reason" text,
	"claimed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"contractor_percent" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_holdbacks_status" CHECK ("warranty_holdbacks"."status" IN ('held', 'claimed', 'released', 'refunded', 'split')),
	CONSTRAINT "warranty_holdbacks_amount" CHECK ("warranty_holdbacks"."amount_minor" > 0),
	CONSTRAINT "warranty_holdbacks_percent" CHECK ("warranty_holdbacks"."contractor_percent" IS NULL OR "warranty_holdbacks"."contractor_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "holdback_percent" smallint;--> statement-breakpoint
ALTER TABLE "warranty_holdbacks" ADD CONSTRAINT "warranty_holdbacks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_holdbacks" ADD CONSTRAINT "warranty_holdbacks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_holdbacks_project_key" ON "warranty_holdbacks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "warranty_holdbacks_due_idx" ON "warranty_holdbacks" USING btree ("release_at") WHERE "warranty_holdbacks"."status" = 'held';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_holdback_percent" CHECK ("quotes"."holdback_percent" IS NULL OR "quotes"."holdback_percent" = 0 OR ("quotes"."holdback_percent" BETWEEN 1 AND 10 AND "quotes"."warranty_days" > 0));