import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';

// Owned by the contractor pages: a stub until that helper's version is merged.
export function ContractorQuotePanel(_: { project: ProjectDetail }) {
  return null;
}
