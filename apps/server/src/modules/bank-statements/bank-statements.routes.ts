import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { AssignLineSchema, FeedInputSchema, ImportReportSchema, ReturnLineSchema, StatementQueueSchema } from '@arreglaya/shared/schemas/statements';
import { findReferenceIn } from '@arreglaya/shared/transfer-reference';
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import { importStatement, listOpenLines, markReturned, matchLine } from './statement-matching.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };
const MessageSchema = z.object({ message: z.string() });

/** Constant-time comparison of the feed's bearer token (a wrong length is a plain refusal). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

/**
 * The bank statement (issue 47, decision 050): the automated feed (a bearer token, the bank's
 * lines as JSON), and the console's queue of lines to assign or return.
 */
export function bankStatementRoutes(deps: PaymentsDeps & { feedToken: string | undefined }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/bank/statement-lines',
      {
        bodyLimit: 5 * 1024 * 1024,
        config: { access: 'public' },
        schema: {
          tags: ['pagos'],
          summary: 'Movimientos de la cuenta de ArreglaYa enviados por el banco (conexión automática)',
          description: 'Autenticado con `Authorization: Bearer <STATEMENT_FEED_TOKEN>`. Un movimiento ya recibido (el mismo id del banco) se cuenta una vez.',
          body: FeedInputSchema,
          response: { 200: ImportReportSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (!deps.feedToken) throw new AppError('NOT_FOUND', ts.feedClosed);
        if (!tokenMatches(req.headers.authorization, deps.feedToken)) throw new AppError('UNAUTHENTICATED', ts.feedRefused);
        const lines = req.body.lines.map((l) => ({ ...l, reference: findReferenceIn(l.description) }));
        const report = await importStatement(deps, lines, { format: 'feed' });
        return reply.headers(noStore).send({ message: ts.imported, ...report });
      },
    );

    app.get(
      '/api/admin/statement-lines',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Movimientos del banco por asignar o devolver', response: { 200: StatementQueueSchema, ...errors } },
      },
      async (_req, reply) => {
        const rows = await listOpenLines(deps.db);
        return reply.headers(noStore).send({ items: rows.map((r) => ({ ...r, returnedAt: r.returnedAt?.toISOString() ?? null, status: r.status as 'unmatched' })) });
      },
    );

    app.post(
      '/api/admin/statement-lines/:id/assign',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Asignar un movimiento a la transferencia de una referencia',
          params: IdSchema,
          body: AssignLineSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (!(await matchLine(deps, req.params.id, req.body.reference, req.user!.id))) throw new AppError('CONFLICT', ts.notAssigned);
        return reply.headers(noStore).send({ message: ts.assigned });
      },
    );

    app.post(
      '/api/admin/statement-lines/:id/returned',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Registrar la devolución del dinero de un movimiento',
          params: IdSchema,
          body: ReturnLineSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (!(await markReturned(deps.db, req.params.id, req.body.returnRef, req.user!.id))) throw new AppError('CONFLICT', ts.notReturnable);
        return reply.headers(noStore).send({ message: ts.returned });
      },
    );
  };
}
