import type { Ref, SelectHTMLAttributes } from 'react';

interface ChoiceSelectProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** The allowed values, from a shared list (SERVICE_TYPES, BANK_ACCOUNT_TYPES, ...). */
  options: readonly T[];
  labels: Record<T, string>;
  /** The empty first option; choosing nothing is 'Elige una opción válida.'. */
  placeholder: string;
  /** react-hook-form's register() gives one: it must reach the <select>. */
  ref?: Ref<HTMLSelectElement>;
}

/** A select over one of the shared lists of values, starting empty. Spreads react-hook-form's register(), or takes `value` and `onChange`. */
export function ChoiceSelect<T extends string>({ options, labels, placeholder, ref, ...select }: ChoiceSelectProps<T>) {
  // Uncontrolled (register()) starts on the placeholder; a controlled one (value) must not also get a defaultValue.
  return (
    <select {...(select.value === undefined ? { defaultValue: '' } : {})} {...select} ref={ref}>
      <option value="">{placeholder}</option>
      {options.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </select>
  );
}
