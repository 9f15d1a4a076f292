-- The notification centre (issue 31, decision 031): what each notice is about, and the indexes of a
-- person's notices (the list, newest first) and of their unread ones (the session's count, the
-- project page's read mark).
ALTER TABLE "messages" ADD COLUMN "notice_kind" varchar(40);--> statement-breakpoint
CREATE INDEX "messages_notices_idx" ON "messages" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "messages"."type" = 'notification';--> statement-breakpoint
CREATE INDEX "messages_unread_notices_idx" ON "messages" USING btree ("recipient_id") WHERE "messages"."type" = 'notification' AND "messages"."read_at" IS NULL;--> statement-breakpoint
-- Backfill: the kind of the notices stored before this column, from their title (the catalogue's
-- projectMail titles, one per kind). A title not listed keeps null (shown as a plain notice).
UPDATE "messages" m SET "notice_kind" = k.kind
FROM (VALUES
  ('Nueva Oferta a tu proyecto', 'newQuote'),
  ('Contraoferta a tu oferta', 'quoteCountered'),
  ('Respuesta a tu contraoferta', 'counterAnswered'),
  ('Tu oferta fue aceptada', 'quoteAccepted'),
  ('Tu oferta no fue elegida', 'quoteRejected'),
  ('Tu oferta venció', 'quoteExpired'),
  ('Una oferta ya no está disponible', 'offerWithdrawn'),
  ('Proyecto asignado', 'projectAssigned'),
  ('Pago protegido recibido', 'projectFunded'),
  ('Ya pueden contactarse', 'contactShared'),
  ('Contratación cancelada', 'hireEnded'),
  ('Un proyecto ya no está disponible', 'projectClosed'),
  ('Trabajo en progreso', 'projectStarted'),
  ('Trabajo entregado', 'projectDelivered'),
  ('Trabajo aprobado', 'projectApproved'),
  ('Reclamación abierta', 'projectDisputed'),
  ('Reclamación resuelta', 'claimDecided'),
  ('Proyecto cancelado', 'projectCancelled')
) AS k(title, kind)
WHERE m."type" = 'notification' AND m."notice_kind" IS NULL AND m."subject" = k.title;
