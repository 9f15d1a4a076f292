import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { validation } from '../i18n/common.ts';
import { choice, requiredText } from './common.ts';

// "Ofertas especiales" (decision 041): a sysadmin's campaign. The console's form and the API
// check the same schema.

export const CAMPAIGN_STATES = ['draft', 'sending', 'sent'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/** Whom a campaign may be for (never sysadmins). */
export const CAMPAIGN_ROLES = ['client', 'contractor'] as const;
export type CampaignRole = (typeof CAMPAIGN_ROLES)[number];

export const CAMPAIGN_SUBJECT_MAX = 120;
export const CAMPAIGN_TEXT_MAX = 2000;

const atLeastOne = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(choice(values), { error: validation.invalidOption })
    .min(1, { error: validation.invalidOption })
    .max(values.length, { error: validation.invalidOption })
    .transform((v) => [...new Set(v)]);

/** Whom a campaign is for: at least one role and one country from the known lists. */
export const CampaignAudienceSchema = z.object({
  roles: atLeastOne(CAMPAIGN_ROLES),
  countries: atLeastOne(COUNTRY_CODES),
});
export type CampaignAudience = z.infer<typeof CampaignAudienceSchema>;

export const CampaignInputSchema = CampaignAudienceSchema.extend({
  subject: requiredText(CAMPAIGN_SUBJECT_MAX),
  text: requiredText(CAMPAIGN_TEXT_MAX, { multiline: true }),
});
export type CampaignInput = z.infer<typeof CampaignInputSchema>;
/** The form's values (before the schema's trimming and de-duplication). */
export type CampaignForm = z.input<typeof CampaignInputSchema>;

/** The live count's query: `?roles=client,contractor&countries=DO` (comma-separated lists). */
const list = z
  .string({ error: validation.invalidOption })
  .max(100, { error: validation.invalidOption })
  .transform((v) => v.split(',').filter(Boolean));
export const CampaignAudienceQuerySchema = z.object({
  roles: list.pipe(atLeastOne(CAMPAIGN_ROLES)),
  countries: list.pipe(atLeastOne(COUNTRY_CODES)),
});

export const CampaignAudienceCountSchema = z.object({ count: z.number().int() });

export const CampaignSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  text: z.string(),
  roles: z.array(z.enum(CAMPAIGN_ROLES)),
  countries: z.array(z.enum(COUNTRY_CODES)),
  state: z.enum(CAMPAIGN_STATES),
  mailed: z.number().int(),
  whatsappQueued: z.number().int(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignListSchema = z.object({ items: z.array(CampaignSchema) });
export const CampaignIdParamsSchema = z.object({ id: z.uuid({ error: validation.invalidValue }) });
