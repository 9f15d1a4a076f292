import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import {
  BalanceSchema,
  CardTokenizerSchema,
  type CardTokenizer,
  FundInputSchema,
  FundResultSchema,
  MessageSchema,
  MyPaymentsSchema,
  PaymentMethodInputSchema,
  PaymentMethodPendingSchema,
  PaymentMethodSavedSchema,
  PaymentMethodsSchema,
  PaymentReceiptSchema,
  PayoutAccountInputSchema,
  PayoutAccountSchema,
} from '@arreglaya/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { AppError } from '../../lib/app-error.ts';
import { addPaymentMethod, confirmVerification, listPaymentMethods, makeDefaultPaymentMethod, removePaymentMethod } from './payment-methods.service.ts';
import { getBalance, getPayoutAccount, runPayouts, savePayoutAccount, type PayoutsDeps } from './payouts.service.ts';
import { confirmPayment, fundProject, idempotencyKeyOf, optionalIdempotencyKeyOf, reconcile, releaseMilestone, type PaymentsDeps } from './payments.service.ts';
import { getPaymentReceipt, listMyPayments } from './my-payments.service.ts';

const CLIENTS = ['client'] as const;
const SYSADMINS = ['sysadmin'] as const;
const CONTRACTORS = ['contractor'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const moneyErrors = { ...errors, 402: ApiErrorSchema, 503: ApiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Obligatorio: 8 a 60 letras, números, - o _. La misma clave repite la primera respuesta; con otra solicitud, 409.' }),
});
const perUser = (max: number, windowMs = 60_000): RateLimitRule => ({ name: 'user', max, windowMs, key: (req) => req.user?.id });
const MethodsAnswerSchema = MessageSchema.extend({ items: PaymentMethodsSchema.shape.items });
const ReconciliationSchema = z.object({
  settled: z.array(z.string()),
  notCharged: z.array(z.string()),
  differences: z.array(z.object({ chargeId: z.string(), problem: z.string() })),
  unreachable: z.number().int(),
});

export function paymentsRoutes(deps: PaymentsDeps & { payouts: PayoutsDeps; tokenizer: CardTokenizer }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/payments/tokenizer',
      {
        config: { access: 'public' },
        schema: {
          tags: ['pagos'],
          summary: 'Dónde tokeniza el navegador una tarjeta',
          description: 'El procesador en uso y la dirección donde el navegador envía la tarjeta para tokenizarla (nunca a /api): el sandbox de tarjetas, o Smart Fields de dLocal.',
          response: { 200: CardTokenizerSchema },
        },
      },
      async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
        return deps.tokenizer;
      },
    );

    app.get(
      '/api/me/payment-methods',
      {
        config: { access: CLIENTS },
        schema: { tags: ['pagos'], summary: 'Mis formas de pago (tarjetas guardadas: marca, últimos 4, vencimiento)', response: { 200: PaymentMethodsSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { items: await listPaymentMethods(deps, req.user!.id) };
      },
    );

    app.post(
      '/api/me/payment-methods',
      {
        config: { access: CLIENTS, rateLimit: perUser(20, 10 * 60_000) },
        schema: {
          tags: ['pagos'],
          summary: 'Guardar una tarjeta a partir del token del procesador (nunca el número ni el CVC), verificada por el procesador',
          description:
            'El procesador verifica la tarjeta sin cobrar nada. 201: guardada; 202: el banco pide confirmar la tarjeta (actionUrl; queda pendiente, sin listar ni usar, hasta POST /api/me/payment-methods/:id/verify); 402: rechazada, con el motivo, y no se guarda; 503: el procesador no respondió, no se guarda. La tarjeta se verifica en el país de la cuenta: en Colombia y México con el documento del pagador (payerDocument: cédula de ciudadanía o CURP), que se envía al procesador y no se guarda; sin él o inválido, 400 y no se guarda nada.',
          body: PaymentMethodInputSchema,
          response: { 201: PaymentMethodSavedSchema, 202: PaymentMethodPendingSchema, ...moneyErrors },
        },
      },
      async (req, reply) => {
        const answer = await addPaymentMethod(deps, req.user!.id, req.body);
        return reply.status(answer.statusCode).headers(noStore).send(answer.body);
      },
    );

    app.post(
      '/api/me/payment-methods/:id/verify',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Después de confirmar la tarjeta en la página del banco: consultar la verificación y activar la tarjeta',
          description:
            '200: la tarjeta queda guardada y lista para pagar; 202: el banco todavía espera la confirmación (actionUrl); 402: rechazada o cancelada, con el motivo, y la tarjeta se elimina; 503: el procesador no respondió (la tarjeta sigue pendiente). Solo el dueño de la tarjeta (otros: 404).',
          params: IdSchema,
          response: { 200: PaymentMethodSavedSchema, 202: PaymentMethodPendingSchema, ...moneyErrors },
        },
      },
      async (req, reply) => {
        const answer = await confirmVerification(deps, req.user!.id, req.params.id);
        return reply.status(answer.statusCode).headers(noStore).send(answer.body);
      },
    );

    app.put(
      '/api/me/payment-methods/:id/default',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['pagos'], summary: 'Usar esta tarjeta por defecto', params: IdSchema, response: { 200: MethodsAnswerSchema, ...errors } },
      },
      async (req) => ({ message: tp.methodDefault, items: await makeDefaultPaymentMethod(deps, req.user!.id, req.params.id) }),
    );

    app.delete(
      '/api/me/payment-methods/:id',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['pagos'], summary: 'Eliminar una tarjeta guardada', params: IdSchema, response: { 200: MethodsAnswerSchema, ...errors } },
      },
      async (req) => ({ message: tp.methodRemoved, items: await removePaymentMethod(deps, req.user!.id, req.params.id) }),
    );

    app.post(
      '/api/projects/:id/payments/:paymentId/cancel',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Cancelar un pago en efectivo o por transferencia que aún no llegó, para pagar de otra forma',
          params: z.object({ id: IdSchema.shape.id, paymentId: IdSchema.shape.id }),
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (!deps.rails) throw new AppError('NOT_FOUND', tp.fund.paymentNotFound);
        await deps.rails.cancel(req.user!, req.params.id, req.params.paymentId);
        return reply.headers(noStore).send({ message: tp.fund.offlineCancelled });
      },
    );

    app.post(
      '/api/projects/:id/fund',
      {
        config: { access: CLIENTS, rateLimit: perUser(120, 10 * 60_000) },
        schema: {
          tags: ['pagos'],
          summary: 'Pagar un proyecto contratado (el precio acordado o la primera etapa pendiente); el dinero queda retenido',
          description:
            'El monto sale de la oferta aceptada, nunca de la solicitud. 200: pagado; 202: el banco pide confirmar (actionUrl); 402: rechazado; 503: el procesador no respondió (reintentar con la misma clave).',
          params: IdSchema,
          headers: IdempotencyHeaders,
          body: FundInputSchema,
          response: { 200: FundResultSchema, 202: FundResultSchema, ...moneyErrors },
        },
      },
      async (req, reply) => {
        const key = idempotencyKeyOf(req.headers['idempotency-key']);
        const answer = await fundProject(deps, req.user!, req.params.id, req.body, key);
        return reply
          .status(answer.statusCode)
          .headers(noStore)
          .send(answer.body as never);
      },
    );

    app.post(
      '/api/projects/:id/milestones/:milestoneId/release',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Liberar al contratista una etapa pagada de un plan por etapas (el cliente, con el trabajo en curso)',
          description: 'La última etapa se libera al aprobar el trabajo terminado. Con Idempotency-Key, la misma clave repite la primera respuesta.',
          params: z.object({ id: IdSchema.shape.id, milestoneId: IdSchema.shape.id }),
          headers: IdempotencyHeaders,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        const key = optionalIdempotencyKeyOf(req.headers['idempotency-key']);
        const { id, milestoneId } = req.params;
        return reply.headers(noStore).send(await releaseMilestone(deps, req.user!, id, milestoneId, key));
      },
    );

    app.post(
      '/api/payments/:id/confirm',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Después de confirmar en la página del banco: consultar el pago y registrarlo',
          params: IdSchema,
          response: { 200: FundResultSchema, 202: FundResultSchema, ...moneyErrors },
        },
      },
      async (req, reply) => {
        const answer = await confirmPayment(deps, req.user!, req.params.id);
        return reply
          .status(answer.statusCode)
          .headers(noStore)
          .send(answer.body as never);
      },
    );

    app.get(
      '/api/me/payments',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['pagos'],
          summary: 'Mis pagos: cada cobro con su proyecto, etapa, tarjeta, monto, estado y qué pasó con el dinero (retenido, liberado, reembolsado)',
          response: { 200: MyPaymentsSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { items: await listMyPayments(deps.db, req.user!.id) };
      },
    );

    app.get(
      '/api/me/payments/:id/receipt',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['pagos'],
          summary: 'El recibo de uno de mis pagos (el mismo texto del recibo enviado por correo); solo quien pagó (otros: 404)',
          params: IdSchema,
          response: { 200: PaymentReceiptSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return getPaymentReceipt(deps.db, req.user!.id, req.params.id);
      },
    );

    app.post(
      '/api/admin/payments/reconcile',
      {
        config: { access: SYSADMINS, rateLimit: perUser(10) },
        schema: { tags: ['pagos'], summary: 'Conciliar los pagos con el procesador (administrador)', response: { 200: ReconciliationSchema, ...errors } },
      },
      async () => reconcile(deps, { olderThanMs: 60_000 }),
    );

    app.get(
      '/api/me/payout-account',
      {
        config: { access: CONTRACTORS },
        schema: {
          tags: ['pagos'],
          summary: 'Mi cuenta bancaria para cobrar (solo los últimos 4 dígitos)',
          response: { 200: z.object({ account: PayoutAccountSchema }), ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { account: await getPayoutAccount(deps.payouts, req.user!.id) };
      },
    );

    app.put(
      '/api/me/payout-account',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(20, 10 * 60_000) },
        schema: {
          tags: ['pagos'],
          summary: 'Guardar mi cuenta bancaria para cobrar (el número se guarda cifrado)',
          body: PayoutAccountInputSchema,
          response: { 200: MessageSchema.extend({ account: PayoutAccountSchema }), ...errors },
        },
      },
      async (req) => ({ message: tp.payout.accountSaved, account: await savePayoutAccount(deps.payouts, req.user!.id, req.body) }),
    );

    app.get(
      '/api/me/balance',
      {
        config: { access: CONTRACTORS },
        schema: { tags: ['pagos'], summary: 'Mi saldo: retenido, disponible, cobrado y cada movimiento con su proyecto', response: { 200: BalanceSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return getBalance(deps.payouts, req.user!.id);
      },
    );

    app.post(
      '/api/admin/payouts/run',
      {
        config: { access: SYSADMINS, rateLimit: perUser(10) },
        schema: {
          tags: ['pagos'],
          summary: 'Pagar a los contratistas su saldo disponible (administrador)',
          response: { 200: MessageSchema.extend({ sent: z.number().int() }), ...errors },
        },
      },
      async () => {
        const sent = await runPayouts(deps.payouts);
        return { message: tp.payout.ran(sent), sent };
      },
    );
  };
}
