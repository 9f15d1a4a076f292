import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import v8 from 'node:v8';
import { AppError } from '../lib/app-error.ts';

export interface LoadLimits {
  /** Mean event-loop delay over a sample (ms) above which requests are refused. */
  maxEventLoopDelayMs: number;
  /** Share of V8's heap limit in use above which requests are refused. */
  maxHeapUsedRatio: number;
}

/**
 * Sheds load before the process drowns: while the event loop lags (every request waiting behind
 * others) or the heap nears its limit, requests are answered at once with 503, Retry-After and
 * our JSON error, instead of queueing until every client times out and the process runs out of
 * memory. The limits sit far above a busy but healthy server (the directory bench keeps the
 * event loop's mean delay in milliseconds), so only a drowning one sheds.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: LoadLimits): Promise<void> {
  await app.register(underPressure, {
    sampleInterval: 1000,
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(v8.getHeapStatistics().heap_size_limit * limits.maxHeapUsedRatio),
    // A rejected promise goes to the error handler: 503, Retry-After and the Spanish JSON error.
    pressureHandler: async (req, _reply, type, value) => {
      req.log.warn({ type, value }, 'under pressure: request refused');
      throw new AppError('UNAVAILABLE');
    },
  });
}
