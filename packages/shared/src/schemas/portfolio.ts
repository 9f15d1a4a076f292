import { z } from 'zod';
import { SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { projects as tp } from '../i18n/projects.ts';
import { isoDate, line, paragraph, services, todayIn, ProjectPhotoSchema, PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from './projects.ts';

// ---- Portfolio ('Registrar Proyecto', /profile/nuevoproyecto) ----

/** A finished job a contractor shows on their public page (title, description, services, date). */
export const PortfolioInputSchema = z
  .object({
    title: line(PROJECT_TITLE_MAX),
    description: paragraph(PROJECT_DESCRIPTION_MAX),
    services,
    completedOn: z.string({ error: validation.required }).min(1, { error: validation.required }).pipe(isoDate),
  })
  .superRefine((p, ctx) => {
    if (p.completedOn > todayIn('DO')) ctx.addIssue({ code: 'custom', path: ['completedOn'], message: tp.portfolio.dateInFuture });
  });
export type PortfolioInput = z.input<typeof PortfolioInputSchema>;

export const PortfolioEntrySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    services: z.array(z.enum(SERVICE_TYPES)),
    completedOn: z.string(),
    coverPhotoId: z.uuid().nullable(),
    photos: z.array(ProjectPhotoSchema),
  })
  .meta({ id: 'PortfolioEntry' });
export type PortfolioEntry = z.infer<typeof PortfolioEntrySchema>;
export const PortfolioSchema = z.object({ items: z.array(PortfolioEntrySchema) });
export const PortfolioSavedSchema = z.object({ message: z.string(), entry: PortfolioEntrySchema });
export const PORTFOLIO_MAX_ENTRIES = 50;
