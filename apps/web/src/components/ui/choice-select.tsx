import { forwardRef, type ReactElement, type Ref, type SelectHTMLAttributes } from 'react';

interface ChoiceSelectProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** The allowed values, from a shared list (SERVICE_TYPES, BANK_ACCOUNT_TYPES, ...). */
  options: readonly T[];
  labels: Record<T, string>;
  /** The empty first option; choosing nothing is 'Seleccione una opción válida.'. */
  placeholder: string;
}

/**
 * A select over one of the shared lists of values, starting empty. Spreads react-hook-form's
 * register(), whose ref must reach the <select>: forwardRef, since the browser runs Preact, where a
 * function component only receives a ref through forwardRef (docs/decisions/016).
 */
export const ChoiceSelect = forwardRef(function ChoiceSelect<T extends string>(
  { options, labels, placeholder, ...select }: ChoiceSelectProps<T>,
  ref: Ref<HTMLSelectElement>,
) {
  return (
    <select defaultValue="" {...select} ref={ref}>
      <option value="">{placeholder}</option>
      {options.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </select>
  );
}) as <T extends string>(props: ChoiceSelectProps<T> & { ref?: Ref<HTMLSelectElement> }) => ReactElement;
