import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { favourites as t } from '@arreglaya/shared/i18n/favourites';
import { Field, inputClasses } from '@/components/ui/field.tsx';

interface ServiceFilterProps {
  value: ServiceType | null;
  onChange: (service: ServiceType | null) => void;
}

/** The favourites' service filter (spec §2: default all, '-- Todos los servicios --'). */
export function ServiceFilter({ value, onChange }: ServiceFilterProps) {
  return (
    <Field label={t.serviceFilter} className="w-full sm:w-72">
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(event) => onChange((event.target.value || null) as ServiceType | null)} className={inputClasses()}>
          <option value="">{t.allServices}</option>
          {SERVICE_TYPES.map((service) => (
            <option key={service} value={service}>
              {SERVICE_LABELS[service]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
