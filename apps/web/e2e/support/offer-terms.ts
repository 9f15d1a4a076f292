import type { Locator } from '@playwright/test';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { todayIn } from '@arreglaya/shared/schemas/projects';

/** An offer's required terms (decision 043): starting today in the Dominican Republic, five days, 90 days' warranty, materials included. */
export function offerTerms(): { startDate: string; durationDays: number; warrantyDays: number; materialsIncluded: boolean } {
  return { startDate: todayIn('DO'), durationDays: 5, warrantyDays: 90, materialsIncluded: true };
}

/** Fills the offer form's terms as a person would: a start date, the days, and 'Sí' for materials. */
export async function fillOfferTerms(dialog: Locator, terms = offerTerms()): Promise<void> {
  await dialog.getByLabel(tt.startDate).fill(terms.startDate);
  await dialog.getByLabel(tt.durationDays).fill(String(terms.durationDays));
  await dialog.getByLabel(tt.warrantyDays).fill(String(terms.warrantyDays));
  await dialog.getByRole('radio', { name: terms.materialsIncluded ? tt.yes : tt.no }).check();
}
