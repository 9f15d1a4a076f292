import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { deleteDraft, getDraft, putDraft } from './form-drafts.ts';

/**
 * Keeps a form's unsent text in this browser's drafts (lib/form-drafts.ts, IndexedDB; decision 033)
 * on every change, so a dropped connection, a reload or a closed dialog does not lose it: the
 * form opens again with it. `forget()` once sent; sign-out clears every draft. `pick` takes from
 * what was kept only the fields the form knows, of the right type (the schema still checks on send).
 * Without a key, nothing is kept.
 */
export function useFormDraft<T extends FieldValues>(
  key: string | null,
  form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>,
  pick: (kept: Record<string, unknown>) => Partial<T>,
): { forget: () => Promise<void> } {
  const { watch, reset, getValues } = form;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    void getDraft(key).then((kept) => {
      if (!live || typeof kept !== 'object' || kept === null) return;
      const values = pick(kept as Record<string, unknown>);
      if (Object.keys(values).length > 0) reset({ ...getValues(), ...values }, { keepDefaultValues: true });
    });
    // A change the person made (a reset, as after sending, has no field name): kept at once.
    const subscription = watch((values, { name }) => {
      if (name !== undefined) void putDraft(key, values);
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
    // The draft is read once per key; `pick` is the form's fixed rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, watch, reset, getValues]);
  const forget = useCallback(() => (key === null ? Promise.resolve() : deleteDraft(key)), [key]);
  return { forget };
}

/** The kept values whose type is that of the form's value of the same name (strings, numbers, booleans). */
export function sameTypes<T extends FieldValues>(defaults: T, kept: Record<string, unknown>, names: readonly (keyof T & string)[]): Partial<T> {
  const picked: Partial<T> = {};
  for (const name of names) {
    const value = kept[name];
    if (value !== undefined && typeof value === typeof defaults[name] && typeof value !== 'object') picked[name] = value as T[typeof name];
  }
  return picked;
}
