import { useId } from 'react';
import { OutlinedTextField, type TextFieldProps } from '../../../components/field';

export interface AuthFieldProps extends TextFieldProps {
  /** Shown under the field and linked to it with aria-describedby. */
  error?: string | null;
  /** Marks the field invalid without a message of its own (the form says 'All fields are required'). */
  invalid?: boolean;
  /** The id of a message elsewhere that describes this field's problem. */
  describedBy?: string;
}

export function AuthField({ error, invalid = false, describedBy, ...field }: AuthFieldProps) {
  const errorId = useId();
  const describers = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <OutlinedTextField
        {...field}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describers || undefined}
      />
      {error ? (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
