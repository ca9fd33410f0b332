import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LOCAL_PHONE_FORMAT, PERSON_NAME_MAX_LENGTH } from '@makazi/contracts/auth-values';
import { showToast } from '../../../lib/toast';
import { useSignup } from '../api/signup';
import { describeAuthError, type AuthReason } from '../utils/auth-error';
import {
  hasProblems,
  normalizePhone,
  validateRegister,
  type RegisterProblem,
  type RegisterValues,
} from '../utils/validation';
import { AuthSwitch, type AuthMode } from './auth-switch';
import { FailureAlert } from './failure-alert';
import { PersonFields, type PersonFieldState } from './person-fields';
import './auth.css';

export interface RegisterFormProps {
  mode: AuthMode;
  initialPhone?: string;
  /** The account exists: go on to sign in with this (normalised) phone number. */
  onRegistered: (phoneNumber: string) => void;
}

const FIELDS = ['firstName', 'lastName', 'phoneNumber'] as const;

/** The register form (popover and /register): first name, last name and phone number. */
export function RegisterForm({ mode, initialPhone = '', onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const form = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const requiredId = useId();
  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    phoneNumber: initialPhone,
  });
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<AuthReason | null>(null);

  const problems = checked ? validateRegister(values) : {};
  const missing = Object.values(problems).includes('missing');

  function message(problem: RegisterProblem | undefined): string | null {
    switch (problem) {
      case 'nameInvalid':
        return t('validation.nameInvalid');
      case 'nameTooLong':
        return t('validation.nameTooLong', { max: PERSON_NAME_MAX_LENGTH });
      case 'phoneFormat':
        return t('validation.phoneFormat', { phone: LOCAL_PHONE_FORMAT });
      case 'missing':
      case undefined:
        return null;
    }
  }

  function fieldProps(field: keyof RegisterValues): PersonFieldState {
    return {
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [field]: event.target.value })),
      error: message(problems[field]),
      invalid: problems[field] === 'missing',
      describedBy: problems[field] === 'missing' ? requiredId : undefined,
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    const found = validateRegister(values);
    if (hasProblems(found)) {
      const first = FIELDS.find((field) => found[field]);
      if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: normalizePhone(values.phoneNumber),
    };
    try {
      await signup.mutateAsync(body);
      void showToast(t('register.success'), 'success');
      onRegistered(body.phoneNumber);
    } catch (error) {
      setFailure(describeAuthError(error, 'signup'));
    } finally {
      busy.current = false;
    }
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <PersonFields fieldProps={fieldProps} phoneInputMode="numeric" />
      {missing ? (
        <p id={requiredId} className="auth-field__error">
          {t('validation.allRequired')}
        </p>
      ) : null}
      {failure ? (
        <FailureAlert
          reason={failure}
          mode={mode}
          title={t('register.failed')}
          phoneNumber={normalizePhone(values.phoneNumber)}
        />
      ) : null}
      <button
        type="submit"
        className="btn btn--contained auth-form__submit"
        disabled={signup.isPending}
      >
        {t('register.submit')}
      </button>
      <p className="auth-form__switch">
        {t('register.haveAccount')}{' '}
        <AuthSwitch mode={mode} to="login" phoneNumber={normalizePhone(values.phoneNumber)}>
          {t('register.signIn')}
        </AuthSwitch>
      </p>
    </form>
  );
}
