DROP INDEX "users_listed_contractors_idx";--> statement-breakpoint
DROP INDEX "users_unlisted_contractors_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_listed_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND "users"."status" = 'active' AND ("users"."email_verified" OR "users"."phone_verified") AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_unlisted_contractors_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'contractor' AND NOT ("users"."status" = 'active' AND ("users"."email_verified" OR "users"."phone_verified") AND "users"."deleted_at" IS NULL AND "users"."banned_at" IS NULL);--> statement-breakpoint
-- hand-written: the accounts already made from a proven phone (decision 064).
UPDATE "users" SET "phone_verified" = true WHERE "email" LIKE '%@telefono.arreglaya.invalid';
