import type { z } from 'zod';
import type { NewsletterCreatedSchema, NewsletterSchema } from '@arreglaya/shared/schemas/newsletter';
import { api } from '@/lib/api.ts';

export type NewsletterCreated = z.infer<typeof NewsletterCreatedSchema>;

/** A repeated address also answers 201: the form never tells who is already subscribed. */
export function subscribe(input: z.input<typeof NewsletterSchema>): Promise<NewsletterCreated> {
  return api.post<NewsletterCreated>('/api/newsletter', input);
}
