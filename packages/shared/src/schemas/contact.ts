import { z } from 'zod';
import { CONTACT_MESSAGE_TYPES } from '../domain.ts';
import { choice, emailField, requiredText } from './common.ts';

export const CONTACT_MESSAGE_MAX = 2000;

/** The /contactus form (spec §3 contact page, §5 rules). */
export const ContactSchema = z.object({
  firstName: requiredText(100),
  email: emailField(),
  messageType: choice(CONTACT_MESSAGE_TYPES),
  message: requiredText(CONTACT_MESSAGE_MAX, { multiline: true }),
});
export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;

export const ContactCreatedSchema = z.object({ id: z.uuid(), message: z.string() });
export type ContactCreated = z.infer<typeof ContactCreatedSchema>;
