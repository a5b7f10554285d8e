import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldMessages, describedByOf } from './FieldMessages';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** The validation message; marks the input aria-invalid and describes it. */
  error?: string;
  /** A line of help under the input (what is expected, where a value comes from). */
  hint?: ReactNode;
  /** Shown at the end of the label row (the forgot-password label). */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  icon?: ReactNode;
}

/** A labelled input with its validation message underneath, wired for screen readers. */
export function TextField({ label, error, hint, aside, icon, id, ref, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-semibold text-base-content/85">
          {label}
        </label>
        {aside}
      </div>
      <label className={`input w-full ${error ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200/70' : ''}`}>
        {icon && (
          <span className="text-base-content/50" aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(inputId, { error, hint })}
          {...input}
        />
      </label>
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}
