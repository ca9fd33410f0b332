import { useTranslation } from '../../../lib/use-translation';
import type { RegisterValues } from '../utils/validation';
import { AuthField, type AuthFieldProps } from './auth-field';

export type PersonField = keyof RegisterValues;

/** What a form decides for each field: its name and value, and how its problem is shown. */
export type PersonFieldState = Omit<AuthFieldProps, 'label'>;

export interface PersonFieldsProps {
  fieldProps: (field: PersonField) => PersonFieldState;
  /**
   * The keypad of the phone field: the register form takes local digits ('numeric'), the checkout
   * also takes +255… and needs the tel keypad, which has the +.
   */
  phoneInputMode: 'numeric' | 'tel';
}

/**
 * First name, last name and phone number with their labels and autocomplete hints, shared by the
 * register form and the checkout's contact step so the two ask for a person the same way. Each
 * form keeps its own validation and messages and hands them in through fieldProps.
 */
export function PersonFields({ fieldProps, phoneInputMode }: PersonFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthField
        label={t('register.firstName')}
        autoComplete="given-name"
        {...fieldProps('firstName')}
      />
      <AuthField
        label={t('register.lastName')}
        autoComplete="family-name"
        {...fieldProps('lastName')}
      />
      <AuthField
        label={t('register.phone')}
        type="tel"
        inputMode={phoneInputMode}
        autoComplete="tel"
        placeholder={t('login.phonePlaceholder')}
        {...fieldProps('phoneNumber')}
      />
    </>
  );
}
