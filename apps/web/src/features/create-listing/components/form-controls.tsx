import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import {
  OutlinedSelectField,
  OutlinedTextField,
  type SelectFieldProps,
  type TextFieldProps,
} from '../../../components/field';

/*
 * The wizard's controls: the shared outlined fields, each with its hint and its error under it,
 * both linked with aria-describedby, and aria-invalid while the error shows.
 */

function describedBy(...ids: (string | null)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface Feedback {
  /** Shown under the field; the field is invalid while there is one. */
  error?: string | null;
  /** A line under the label: an example, a unit. */
  hint?: ReactNode;
}

function FieldFeedback({
  hint,
  hintId,
  error,
  errorId,
}: Feedback & { hintId: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="wizard-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="wizard-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function WizardTextField({ error, hint, ...field }: TextFieldProps & Feedback) {
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="wizard-field">
      <OutlinedTextField
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      />
      <FieldFeedback hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, Feedback {
  label: ReactNode;
}

export function WizardTextArea({ label, error, hint, ...area }: TextAreaProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="wizard-field">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          className="field__control wizard-field__textarea"
          id={id}
          rows={5}
          {...area}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        />
      </div>
      <FieldFeedback hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function WizardSelectField({ error, hint, ...select }: SelectFieldProps & Feedback) {
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="wizard-field">
      <OutlinedSelectField
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      />
      <FieldFeedback hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface CheckboxProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

export function WizardCheckbox({ name, label, checked, disabled, onChange }: CheckboxProps) {
  const id = useId();
  return (
    <div className="wizard-check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
