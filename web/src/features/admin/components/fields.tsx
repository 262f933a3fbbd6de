import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The console's form fields: a label tied to its control (ids made here), the field's layout class, and the
 * control's own props passed through. Every field of the console is one of these.
 */

interface FieldFrame {
  label: ReactNode;
  /** A compact field in a row of filters. */
  compact?: boolean;
  className?: string;
}

function Field({ id, label, compact, className, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={cn('field', compact && 'field-compact', className)}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function TextField({ label, compact, className, id, ...input }: FieldFrame & ComponentProps<'input'>) {
  const generated = useId();
  return (
    <Field id={id ?? generated} label={label} compact={compact} className={className}>
      <input id={id ?? generated} {...input} />
    </Field>
  );
}

export function TextAreaField({ label, compact, className, id, ...textarea }: FieldFrame & ComponentProps<'textarea'>) {
  const generated = useId();
  return (
    <Field id={id ?? generated} label={label} compact={compact} className={className}>
      <textarea id={id ?? generated} {...textarea} />
    </Field>
  );
}

/** A select over `options`, each shown as `labels[option]` when given; `empty` adds a first option meaning "any". */
export function SelectField<T extends string>({
  label,
  compact,
  className,
  id,
  options,
  labels,
  empty,
  value,
  onValue,
  ...select
}: FieldFrame &
  Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
    options: readonly T[];
    labels?: Partial<Record<T, string>>;
    empty?: string;
    value: T | '' | undefined;
    onValue: (value: T | undefined) => void;
  }) {
  const generated = useId();
  return (
    <Field id={id ?? generated} label={label} compact={compact} className={className}>
      <select
        id={id ?? generated}
        value={value ?? ''}
        onChange={(e) => onValue((e.target.value || undefined) as T | undefined)}
        {...select}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A date input (YYYY-MM-DD) for filters; an emptied field reports undefined. */
export function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <TextField
      compact
      label={label}
      type="date"
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}
