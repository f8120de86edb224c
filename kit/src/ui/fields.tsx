// Labelled form fields; errors and hints are tied to the control (aria-describedby, aria-invalid).
// All forward their ref, so react-hook-form's `register` works on them.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

interface FieldChrome {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return cx(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined) || undefined;
}

function FieldFrame({ id, label, error, hint, className, children }: FieldChrome & { id: string; className?: string; children: ReactNode }) {
  return (
    <div className={cx('kl-field', className)}>
      <label className="kl-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="kl-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="kl-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, className, id, ...input }, ref) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <input ref={ref} id={fieldId} className="kl-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} {...input} />
    </FieldFrame>
  );
});

export type TextAreaProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, hint, className, id, ...input }, ref) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea ref={ref} id={fieldId} className="kl-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} {...input} />
    </FieldFrame>
  );
});

export type SelectFieldProps = FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[]; placeholder?: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, className, id, options, placeholder, ...select }, ref) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} id={fieldId} className="kl-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: { value: string; label: ReactNode }[];
  value: string | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
}

/** Native radios in a fieldset: arrow keys move between options, the legend names the group. */
export function RadioGroup({ legend, name, options, value, onChange, disabled, className }: RadioGroupProps) {
  return (
    <fieldset className={cx('kl-radio-group', className)} disabled={disabled}>
      <legend className="kl-radio-group__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="kl-radio">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
