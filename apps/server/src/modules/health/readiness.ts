import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance accepts new work (decision 034). It does from the start until a SIGTERM
 * says it drains: from then `/api/ready` answers 503, so the load balancer's health check takes
 * the instance out, and every answer says `Connection: close`, so the balancer keeps no idle
 * connection to it that the final close could cut under a request. Requests still arriving are
 * served as before; the server stops once the drain period has passed.
 */
export class Readiness {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  drain(now = Date.now()): void {
    this.drainingSince ??= now;
  }
}

/** While draining, every answer closes its connection after it is sent. */
export function registerDrainingConnections(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', (_req, reply, done) => {
    if (readiness.draining) void reply.header('connection', 'close');
    done();
  });
}
