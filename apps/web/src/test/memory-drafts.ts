// lib/form-drafts.ts in memory, for component tests (jsdom has no IndexedDB): a test file mocks the
// module with this one, `vi.mock('@/lib/form-drafts.ts', () => import('@/test/memory-drafts.ts'))`,
// and reads or seeds `drafts`. Values are cloned as IndexedDB clones them.

export const drafts = new Map<string, unknown>();

export async function putDraft(key: string, value: unknown): Promise<void> {
  drafts.set(key, structuredClone(value));
}

export async function getDraft(key: string): Promise<unknown> {
  return structuredClone(drafts.get(key));
}

export async function deleteDraft(key: string): Promise<void> {
  drafts.delete(key);
}

export async function clearDrafts(): Promise<void> {
  drafts.clear();
}
