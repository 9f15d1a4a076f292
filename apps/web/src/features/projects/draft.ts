import type { ProjectInput } from '@arreglaya/shared/schemas/projects';
import { deleteDraft, getDraft, putDraft } from '@/lib/form-drafts.ts';

// A visitor's new-project form, kept in IndexedDB (lib/form-drafts.ts) while they sign in or sign
// up, photos included, so they come back to what they wrote and attached, ready to publish.

const KEY = 'project';

export type ProjectDraft = Partial<
  Pick<ProjectInput, 'services' | 'title' | 'propertyType' | 'description' | 'startDate' | 'intention' | 'country' | 'city' | 'zone' | 'sector' | 'street' | 'reference'>
>;

export interface KeptProject {
  values: ProjectDraft;
  photos: File[];
}

interface StoredPhoto {
  name: string;
  type: string;
  blob: Blob;
}

export function saveDraft(values: ProjectDraft, photos: readonly File[]): Promise<void> {
  const stored: StoredPhoto[] = photos.map((file) => ({ name: file.name, type: file.type, blob: file }));
  return putDraft(KEY, { values, photos: stored });
}

/** Only known fields of the right type are taken from what was kept. */
function valuesOf(value: unknown): ProjectDraft {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const draft: Record<string, unknown> = {};
  // The street and reference too: they stay on the visitor's own device, and are gone with the draft once posted.
  for (const key of ['title', 'propertyType', 'description', 'startDate', 'intention', 'country', 'city', 'zone', 'sector', 'street', 'reference'] as const) {
    if (typeof v[key] === 'string') draft[key] = v[key];
  }
  if (Array.isArray(v.services)) draft.services = v.services.filter((s): s is string => typeof s === 'string');
  return draft as ProjectDraft;
}

function photosOf(value: unknown): File[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is StoredPhoto => typeof p === 'object' && p !== null && (p as StoredPhoto).blob instanceof Blob && typeof (p as StoredPhoto).name === 'string')
    .map((p) => new File([p.blob], p.name, { type: p.type }));
}

/** The kept draft, or null. */
export async function readDraft(): Promise<KeptProject | null> {
  const kept = (await getDraft(KEY)) as { values?: unknown; photos?: unknown } | undefined;
  if (!kept || typeof kept !== 'object') return null;
  return { values: valuesOf(kept.values), photos: photosOf(kept.photos) };
}

export function clearDraft(): Promise<void> {
  return deleteDraft(KEY);
}
