import { z } from 'zod';
import { SERVICE_TYPES } from '../domain.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { validation } from '../i18n/common.ts';

/** Pages whose visits are written to the log trail (spec §2: how-it-works pages). */
export const VISIT_PAGES = ['/comoclientes', '/comocontratistas', '/comoferreterias'] as const;
export const VisitSchema = z.object({ page: z.enum(VISIT_PAGES) });
export type Visit = z.infer<typeof VisitSchema>;

/** GET /api/services/counts?country=: the landing's tiles count the chosen country's contractors (decision 066); all without one. */
export const ServiceCountsQuerySchema = z.object({ country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional() });

/** GET /api/services/counts: active contractors offering each service (0 included). */
export const ServiceCountsSchema = z.object({
  counts: z.array(z.object({ service: z.enum(SERVICE_TYPES), contractors: z.number().int().min(0) })),
});
export type ServiceCounts = z.infer<typeof ServiceCountsSchema>;
