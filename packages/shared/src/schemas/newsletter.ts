import { z } from 'zod';
import { emailField } from './common.ts';

/** Footer newsletter sign-up (spec §3 subscription e-mail, §5: e-mail required and valid). */
export const NewsletterSchema = z.object({ email: emailField() });
export type NewsletterInput = z.input<typeof NewsletterSchema>;

export const NewsletterCreatedSchema = z.object({ message: z.string() });
