import { useSearchParams } from 'react-router';
import { Field, inputClasses } from '@/components/ui/field.tsx';

/** A status filter kept in the URL (?status=), so reload and the back button keep it. Unknown values count as none. */
export function useStatusParam<T extends string>(allowed: readonly T[]): [T | null, (status: T | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
  const set = (next: T | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });
  return [status, set];
}

interface StatusFilterProps<T extends string> {
  label: string;
  allLabel: string;
  statuses: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (status: T | null) => void;
}

export function StatusFilter<T extends string>({ label, allLabel, statuses, labels, value, onChange }: StatusFilterProps<T>) {
  return (
    <Field label={label} className="w-full sm:w-64">
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange((e.currentTarget.value || null) as T | null)} className={inputClasses()}>
          <option value="">{allLabel}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
