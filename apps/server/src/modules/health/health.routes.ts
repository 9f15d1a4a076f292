import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: { tags: ['sistema'], summary: 'Estado del servicio', response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => {
        try {
          await db.execute(sql`SELECT 1`);
        } catch {
          throw new AppError('UNAVAILABLE');
        }
        return { status: 'ok' as const };
      },
    );
  };
}
