-- Cédulas are personal identifiers: sealed with AES-256-GCM like bank account numbers
-- (docs/decisions/010-data-encryption-at-rest.md). The server seals any plaintext `cedula` left
-- from before into `cedula_enc` at start and empties it; the plaintext columns go in a later release.
ALTER TABLE "contractor_profiles" ADD COLUMN "cedula_enc" "bytea";--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "cedula_enc" "bytea";