import { pino, type Logger } from 'pino';
import type { Config } from '../config/env.ts';

/** Structured JSON logs; credentials never reach them. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'arreglaya' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[oculto]' },
  });
}
