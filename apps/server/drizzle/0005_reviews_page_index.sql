-- A contractor's public page reads the newest approved client reviews in order: 20 index entries,
-- not a sort of all of a popular contractor's reviews (docs/decisions/015-read-path-performance.md).
CREATE INDEX "reviews_subject_approved_idx" ON "reviews" USING btree ("subject_id","created_at" DESC NULLS FIRST,"id") WHERE "reviews"."status" = 'approved' AND "reviews"."direction" = 'client_to_contractor';
