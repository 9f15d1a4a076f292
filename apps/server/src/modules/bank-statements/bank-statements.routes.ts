import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { CsvMappingSchema, StatementFeedSchema } from '@arreglaya/shared/schemas/bank-statements';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import {
  AssignLineSchema,
  BankMappingListSchema,
  BankParamsSchema,
  MoneyAlertListSchema,
  ReviewAlertSchema,
  TransferReturnListSchema,
  ImportQuerySchema,
  ImportReportSchema,
  QueuedLineSchema,
  ReturnLineSchema,
  StatementQueueSchema,
} from '@arreglaya/shared/schemas/statements';
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import { parseFeedLines, parseStatementFile, type StatementParseResult } from './bank-statements.ts';
import { listBankMappings, listOpenAlerts, listTransferReturns, recordLineReturned, recordRefundReturned, reviewAlert } from './money-queues.ts';
import { findBankMapping, importStatement, listOpenLines, matchLine, saveBankMapping } from './statement-matching.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 413: ApiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };
const MessageSchema = z.object({ message: z.string() });
/** A statement file's size cap (a busy month in camt.053 is a few MB). */
const FILE_LIMIT = 32 * 1024 * 1024;

/** Constant-time comparison of the feed's bearer token (a wrong length is a plain refusal). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

/** A parse that refused the whole file: a 400 with its sentence; else the lines and each line's problem as "Línea N: …". */
function linesOf(parsed: StatementParseResult) {
  if (!parsed.ok) throw new AppError('VALIDATION', parsed.error);
  return { lines: parsed.lines, errors: parsed.errors.map((e) => tstat.atLine(e.line, e.message)) };
}

const queued = (r: Awaited<ReturnType<typeof listOpenLines>>[number]): z.infer<typeof QueuedLineSchema> => ({
  ...r,
  status: r.status as z.infer<typeof QueuedLineSchema>['status'],
  returnedAt: r.returnedAt?.toISOString() ?? null,
});

/**
 * The bank statement (issue 47, decision 051): the automated feed (a bearer token, the bank's
 * lines as JSON), the console's file import (camt.053, or CSV with the bank's saved layout), the
 * layouts, and the queue of lines to assign or return.
 */
export function bankStatementRoutes(deps: PaymentsDeps & { feedToken: string | undefined }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/bank/statement-lines',
      {
        bodyLimit: 8 * 1024 * 1024,
        config: { access: 'public' },
        schema: {
          tags: ['pagos'],
          summary: 'Movimientos de la cuenta de ArreglaYa enviados por el banco (conexión automática)',
          description: 'Autenticado con `Authorization: Bearer <STATEMENT_FEED_TOKEN>`. Un movimiento ya recibido (el mismo id del banco) se cuenta una vez.',
          body: StatementFeedSchema,
          response: { 200: ImportReportSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (!deps.feedToken) throw new AppError('NOT_FOUND', ts.feedClosed);
        if (!tokenMatches(req.headers.authorization, deps.feedToken)) throw new AppError('UNAUTHENTICATED', ts.feedRefused);
        const { lines, errors: problems } = linesOf(parseFeedLines(req.body.lines));
        const report = await importStatement(deps, lines, { format: 'feed', errors: problems });
        return reply.headers(noStore).send({ message: ts.imported, ...report, errors: problems });
      },
    );

    // The console's import: the file's bytes as they are (a browser's fetch with the File as body).
    await app.register(async (plain) => {
      const files = plain.withTypeProvider<ZodTypeProvider>();
      files.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: FILE_LIMIT }, (_req, body, done) => done(null, body));
      files.post(
        '/api/admin/statements',
        {
          bodyLimit: FILE_LIMIT,
          config: { access: SYSADMINS },
          schema: {
            tags: ['administración'],
            summary: 'Importar un extracto bancario (camt.053, o CSV con el formato guardado del banco)',
            querystring: ImportQuerySchema,
            response: { 200: ImportReportSchema, ...errors },
          },
        },
        async (req, reply) => {
          const body = req.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('VALIDATION', tstat.file.empty);
          const mapping = req.query.bank ? await findBankMapping(deps.db, req.query.bank) : undefined;
          if (req.query.bank && !mapping) throw new AppError('NOT_FOUND', ts.noMapping(req.query.bank));
          const parsed = parseStatementFile(new Uint8Array(body), { mapping, maxBytes: FILE_LIMIT });
          const { lines, errors: problems } = linesOf(parsed);
          const format = parsed.ok && parsed.format === 'csv' ? 'csv' : 'camt053';
          const report = await importStatement(deps, lines, { format, fileName: req.query.name ?? null, importedBy: req.user!.id, errors: problems });
          return reply.headers(noStore).send({ message: ts.imported, ...report, errors: problems });
        },
      );
    });

    app.put(
      '/api/admin/bank-mappings/:bank',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Guardar el formato CSV del extracto de un banco',
          params: BankParamsSchema,
          body: CsvMappingSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await saveBankMapping(deps.db, req.params.bank, req.body, req.user!.id);
        return reply.headers(noStore).send({ message: ts.mappingSaved });
      },
    );

    app.get(
      '/api/admin/statement-lines',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Movimientos del banco por asignar o devolver', response: { 200: StatementQueueSchema, ...errors } },
      },
      async (_req, reply) => reply.headers(noStore).send({ items: (await listOpenLines(deps.db)).map(queued) }),
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
          description: 'Con la referencia del banco y la fecha. Repetida con la misma referencia no cambia nada; con otra, 409.',
          params: IdSchema,
          body: ReturnLineSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await recordLineReturned(deps, req.params.id, req.body, req.user!.id);
        return reply.headers(noStore).send({ message: ts.returned });
      },
    );

    app.get(
      '/api/admin/transfer-returns',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Dinero por devolver por transferencia',
          description: 'Reembolsos de pagos por transferencia y movimientos con dinero por devolver, los más antiguos primero.',
          response: { 200: TransferReturnListSchema, ...errors },
        },
      },
      async (_req, reply) => reply.headers(noStore).send({ items: await listTransferReturns(deps.db) }),
    );

    app.post(
      '/api/admin/transfer-refunds/:id/returned',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Registrar la devolución por transferencia de un reembolso',
          description: 'Con la referencia del banco y la fecha; se avisa al cliente. Repetida con la misma referencia no cambia nada; con otra, 409.',
          params: IdSchema,
          body: ReturnLineSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await recordRefundReturned(deps, req.params.id, req.body, req.user!.id);
        return reply.headers(noStore).send({ message: ts.returns.recorded });
      },
    );

    app.get(
      '/api/admin/money-alerts',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Alertas de dinero abiertas', response: { 200: MoneyAlertListSchema, ...errors } },
      },
      async (_req, reply) => reply.headers(noStore).send({ items: await listOpenAlerts(deps.db) }),
    );

    app.post(
      '/api/admin/money-alerts/:id/reviewed',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Marcar una alerta de dinero como revisada, con una nota',
          params: IdSchema,
          body: ReviewAlertSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await reviewAlert(deps.db, req.params.id, req.body.note, req.user!.id);
        return reply.headers(noStore).send({ message: ts.alerts.reviewed });
      },
    );

    app.get(
      '/api/admin/bank-mappings',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Formatos CSV guardados de los bancos', response: { 200: BankMappingListSchema, ...errors } },
      },
      async (_req, reply) => {
        const rows = await listBankMappings(deps.db);
        return reply.headers(noStore).send({
          items: rows.map((r) => ({
            bank: r.bank,
            mapping: r.mapping as z.infer<typeof BankMappingListSchema>['items'][number]['mapping'],
            updatedAt: r.updatedAt.toISOString(),
          })),
        });
      },
    );
  };
}
