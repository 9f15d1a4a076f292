import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Metrics } from './metrics.service.ts';

/**
 * GET /metrics in Prometheus's text format (decision 029). Its access is `operator`: a client on
 * this machine, or one bearing METRICS_TOKEN; anyone else gets the same 404 an unknown path gets
 * (plugins/access.ts), so the route does not advertise itself. Not in the OpenAPI document.
 */
export function metricsRoutes(metrics: Metrics): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/metrics', { config: { access: 'operator', rateLimit: false }, schema: { hide: true } }, async (_req, reply) => {
      const text = await metrics.render();
      return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(text);
    });
  };
}
