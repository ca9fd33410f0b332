import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

/*
 * Outlined fields built on native <input>, <textarea> and <select>: the look of the theme's outlined fields with
 * none of a component library's JavaScript, and the label sits above the box, always visible,
 * rather than floating inside it.
 */

function classes(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
}

export function OutlinedTextField({ label, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={classes('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input className="field__control" id={id} {...input} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
}

export function OutlinedTextAreaField({ label, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={classes('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea className="field__control field__control--multiline" id={id} {...textarea} />
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
}

export function OutlinedSelectField({
  label,
  className,
  style,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={classes('field', className)} style={style}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__control" id={id} {...select}>
        {children}
      </select>
    </div>
  );
}
