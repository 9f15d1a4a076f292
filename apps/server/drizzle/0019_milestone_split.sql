-- Decision 021: a sysadmin's split decision on a staged plan marks the milestone its released part
-- covers only in part as 'split' (part released, part refunded) instead of calling it released.
ALTER TYPE "public"."milestone_status" ADD VALUE 'split';
