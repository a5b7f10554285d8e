import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldMessages, describedByOf } from './FieldMessages';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its validation message underneath, wired like TextField. */
export function TextAreaField({ label, error, hint, id, ref, rows = 4, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-semibold text-base-content/85">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(fieldId, { error, hint })}
        {...textarea}
      />
      <FieldMessages id={fieldId} error={error} hint={hint} />
    </div>
  );
}
