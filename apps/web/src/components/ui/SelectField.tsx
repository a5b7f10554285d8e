import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldMessages, describedByOf } from './FieldMessages';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled drop-down with its validation message underneath, wired like TextField. */
export function SelectField({ label, error, hint, id, ref, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-semibold text-base-content/85">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(selectId, { error, hint })}
        {...select}
      >
        {children}
      </select>
      <FieldMessages id={selectId} error={error} hint={hint} />
    </div>
  );
}
