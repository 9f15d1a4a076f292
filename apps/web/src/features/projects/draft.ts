import type { ProjectInput } from '@arreglaya/shared/schemas/projects';

// A visitor's new-project form, kept in sessionStorage while they sign in or sign up, so they
// come back to what they wrote (photos are files and stay out: they are chosen again).

const KEY = 'arreglaya.project-draft';

export type ProjectDraft = Partial<Pick<ProjectInput, 'services' | 'title' | 'propertyType' | 'description' | 'startDate' | 'intention' | 'country' | 'city' | 'zone'>>;

export function saveDraft(draft: ProjectDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked: the visitor types it again after signing in.
  }
}

/** The kept draft, or null; only known fields of the right type are taken. */
export function readDraft(): ProjectDraft | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const draft: Record<string, unknown> = {};
  for (const key of ['title', 'propertyType', 'description', 'startDate', 'intention', 'country', 'city', 'zone'] as const) {
    const t = text(key);
    if (t !== undefined) draft[key] = t;
  }
  if (Array.isArray(v.services)) draft.services = v.services.filter((s): s is string => typeof s === 'string');
  return draft as ProjectDraft;
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
