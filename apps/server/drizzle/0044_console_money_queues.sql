-- The console's money queues (issue 47, decision 051): a transfer-funded refund's return recorded (its day
-- and who recorded it; the bank's reference in processor_ref), a statement line's return day, and a money
-- alert's review note.
ALTER TABLE "money_alerts" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD COLUMN "returned_by" uuid;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;