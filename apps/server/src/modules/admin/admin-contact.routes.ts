import { CONTACT_KINDS } from '@arreglaya/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listContactRequests } from './admin.repository.ts';

const ContactRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CONTACT_KINDS),
  firstName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  messageType: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** The sysadmin reads what visitors sent through the contact forms (newest first, paged). */
export function adminContactRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/contact-requests',
      {
        config: { access: ['sysadmin'] },
        schema: {
          tags: ['administración'],
          summary: 'Mensajes recibidos por los formularios de contacto',
          querystring: z.object({ kind: z.enum(CONTACT_KINDS).optional(), page: z.coerce.number().int().min(1).max(10_000).default(1) }),
          response: { 200: z.object({ items: z.array(ContactRecordSchema), page: z.number(), total: z.number() }) },
        },
      },
      async (req) => {
        const pageSize = 50;
        const { rows, total } = await listContactRequests(db, { kind: req.query.kind, limit: pageSize, offset: (req.query.page - 1) * pageSize });
        return {
          page: req.query.page,
          total,
          items: rows.map((r) => ({
            id: r.id,
            kind: r.kind,
            firstName: r.firstName,
            email: r.email,
            phone: r.phone,
            messageType: r.messageType,
            message: r.message,
            createdAt: r.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
