import { todayIn } from '@arreglaya/shared/schemas/projects';

/** An offer's required terms (decision 043): starting today in the Dominican Republic, five days, 90 days' warranty, materials included. */
export function offerTerms(): { startDate: string; durationDays: number; warrantyDays: number; materialsIncluded: boolean } {
  return { startDate: todayIn('DO'), durationDays: 5, warrantyDays: 90, materialsIncluded: true };
}
