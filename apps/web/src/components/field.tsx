import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { styled, type Theme } from '@mui/material/styles';

/*
 * Outlined fields built on native <input> and <select>. They look like the theme's outlined MUI
 * fields but carry none of InputBase's JavaScript, which the home page's budget cannot afford, and
 * the label sits above the box, always visible, rather than floating inside it.
 */
const Wrapper = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1),
  minWidth: 0,
}));

const Label = styled('label')(({ theme }) => ({
  fontSize: '0.75rem',
  fontWeight: 700,
  color: theme.palette.text.secondary,
}));

const boxStyles = ({ theme }: { theme: Theme }) => ({
  width: '100%',
  // One height for inputs and selects so a row of fields lines up; 44px is a comfortable touch target.
  height: 44,
  boxSizing: 'border-box' as const,
  padding: theme.spacing(2, 3),
  font: 'inherit',
  // 16px stops mobile browsers from zooming into the field on focus.
  fontSize: '1rem',
  color: theme.palette.text.primary,
  backgroundColor: '#FFFFFF',
  border: '1px solid #8A8A8A',
  borderRadius: theme.shape.borderRadius,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.text.primary}`,
    outlineOffset: 0,
    borderColor: theme.palette.text.primary,
  },
  '&::placeholder': { color: '#6B6B6B', opacity: 1 },
});

const Input = styled('input')(boxStyles);
const Select = styled('select')(boxStyles);

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
}

export function OutlinedTextField({ label, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Wrapper className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </Wrapper>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
}

export function OutlinedSelectField({ label, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <Wrapper className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...select}>
        {children}
      </Select>
    </Wrapper>
  );
}
