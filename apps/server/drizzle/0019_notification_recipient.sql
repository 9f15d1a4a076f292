ALTER TABLE "messages" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill (decision 024): a notification's recipient, inferred from its title (the catalogue's
-- projectMail titles, each addressed to one side), for the notices stored before this column.
UPDATE "messages" m SET "recipient_id" = CASE
    WHEN m."subject" IN ('Nueva Oferta a tu proyecto', 'Respuesta a tu contraoferta', 'Proyecto asignado', 'Trabajo en progreso', 'Trabajo entregado') THEN c."client_id"
    ELSE c."contractor_id"
  END
FROM "conversations" c
WHERE c."id" = m."conversation_id" AND m."type" = 'notification' AND m."recipient_id" IS NULL
  AND m."subject" IN ('Nueva Oferta a tu proyecto', 'Respuesta a tu contraoferta', 'Proyecto asignado', 'Trabajo en progreso', 'Trabajo entregado',
    'Tu oferta fue aceptada', 'Tu oferta no fue elegida', 'Contraoferta a tu oferta', 'Tu oferta venció', 'Pago protegido recibido', 'Reclamación abierta');--> statement-breakpoint
-- Notices sent to both people were stored twice in one transaction (same conversation, title, text
-- and created_at): the twins are identical, so the first goes to the client and the second to the
-- contractor. A lone 'Trabajo aprobado' is the client's approval, told to the contractor. Anything
-- else stays null: shown to both people, as before.
WITH twins AS (
  SELECT m."id", c."client_id", c."contractor_id", m."subject",
    row_number() OVER w AS rn, count(*) OVER (PARTITION BY m."conversation_id", m."subject", m."body", m."created_at") AS n
  FROM "messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
  WHERE m."type" = 'notification' AND m."recipient_id" IS NULL AND m."subject" IN ('Trabajo aprobado', 'Reclamación resuelta', 'Proyecto cancelado')
  WINDOW w AS (PARTITION BY m."conversation_id", m."subject", m."body", m."created_at" ORDER BY m."id")
)
UPDATE "messages" m SET "recipient_id" = CASE
    WHEN t.n = 2 AND t.rn = 1 THEN t."client_id"
    WHEN t.n = 2 AND t.rn = 2 THEN t."contractor_id"
    ELSE t."contractor_id"
  END
FROM twins t
WHERE m."id" = t."id" AND (t.n = 2 OR (t.n = 1 AND t."subject" = 'Trabajo aprobado'));
