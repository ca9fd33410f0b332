import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PERSON_NAME_MAX_LENGTH } from '@makazi/contracts/auth-values';
import { useSignup } from '../api/signup';
import { useCodeSignIn } from '../hooks/use-code-sign-in';
import { describeAuthError, type AuthReason } from '../utils/auth-error';
import { toLocalPhone, validateName, type RegisterValues } from '../utils/validation';
import { CodeStep } from './code-step';
import { FailureAlert } from './failure-alert';
import { PersonFields, type PersonFieldState } from './person-fields';
import './auth.css';

export interface CheckoutContactStepProps {
  /** The session is stored and 'Login successful!' shown: the checkout goes on to payment. */
  onSignedIn: () => void;
}

type Field = keyof RegisterValues;
type Problem = 'missing' | 'nameInvalid' | 'nameTooLong' | 'phoneFormat';

const FIELDS = ['firstName', 'lastName', 'phoneNumber'] as const;

/** What is wrong with each field, if anything: all three are required, the phone is +255… or 0…. */
function checkContact(values: RegisterValues): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  for (const field of FIELDS) {
    if (values[field].trim() === '') problems[field] = 'missing';
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const problem = problems[field] ? null : validateName(values[field]);
    if (problem) problems[field] = problem;
  }
  if (!problems.phoneNumber && toLocalPhone(values.phoneNumber) === null) {
    problems.phoneNumber = 'phoneFormat';
  }
  return problems;
}

/**
 * Step 1 of the checkout for a visitor who is not signed in: first name, last name and phone. It
 * registers the number (one already registered is fine), texts a code as the login does, and signs
 * in with it (CodeStep); then the checkout moves on to payment.
 */
export function CheckoutContactStep({ onSignedIn }: CheckoutContactStepProps) {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const signIn = useCodeSignIn(onSignedIn);
  const root = useRef<HTMLElement>(null);
  // One registration at a time: a second tap during the calls is ignored.
  const busy = useRef(false);
  const focusPhone = useRef(false);
  const headingId = useId();
  const invalidId = useId();

  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    phoneNumber: '',
  });
  const [checked, setChecked] = useState(false);
  const [signupFailure, setSignupFailure] = useState<AuthReason | null>(null);

  const { challenge } = signIn;
  const problems = checked ? checkContact(values) : {};
  const invalid = Object.keys(problems).length > 0;
  const pending = signup.isPending || signIn.pending;

  function focusField(field: Field) {
    root.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }

  // Back from the code step ('Wrong number?'): the number is what gets changed.
  useEffect(() => {
    if (challenge || !focusPhone.current) return;
    focusPhone.current = false;
    root.current?.querySelector<HTMLInputElement>('input[name="phoneNumber"]')?.focus();
  }, [challenge]);

  function fieldMessage(problem: Problem | undefined): string | null {
    switch (problem) {
      case 'nameInvalid':
        return t('validation.nameInvalid');
      case 'nameTooLong':
        return t('validation.nameTooLong', { max: PERSON_NAME_MAX_LENGTH });
      case 'phoneFormat':
        return t('checkout.phoneFormat');
      case 'missing':
      case undefined:
        return null;
    }
  }

  function fieldProps(field: Field): PersonFieldState {
    return {
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [field]: event.target.value })),
      error: fieldMessage(problems[field]),
      invalid: Boolean(problems[field]),
      describedBy: problems[field] ? invalidId : undefined,
    };
  }

  async function register(phoneNumber: string): Promise<boolean> {
    try {
      await signup.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber,
      });
      return true;
    } catch (error) {
      const reason = describeAuthError(error, 'signup');
      // Already registered (409): this visitor has an account, so signing in is all that is left.
      if (reason.kind === 'conflict') return true;
      setSignupFailure(reason);
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    setChecked(true);
    setSignupFailure(null);
    signIn.reset();
    const found = checkContact(values);
    const first = FIELDS.find((field) => found[field]);
    const phoneNumber = toLocalPhone(values.phoneNumber);
    if (first || phoneNumber === null) {
      focusField(first ?? 'phoneNumber');
      return;
    }
    busy.current = true;
    try {
      if (await register(phoneNumber)) await signIn.requestCode(phoneNumber);
    } finally {
      busy.current = false;
    }
  }

  function changeNumber() {
    focusPhone.current = true;
    signIn.reset();
  }

  const loginFailure = signIn.failure ? <FailureAlert reason={signIn.failure} /> : null;

  return (
    <section ref={root} className="checkout-contact" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checkout.title')}</h2>
      {challenge ? (
        <CodeStep signIn={signIn} failureAlert={loginFailure} onWrongNumber={changeNumber} />
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <p className="auth-form__lead">{t('checkout.lead')}</p>
          <PersonFields fieldProps={fieldProps} phoneInputMode="tel" />
          {invalid ? (
            <p id={invalidId} role="alert" className="auth-field__error">
              {t('checkout.invalid')}
            </p>
          ) : null}
          {signupFailure ? (
            <FailureAlert reason={signupFailure} title={t('checkout.registerFailed')} />
          ) : (
            loginFailure
          )}
          <button type="submit" className="btn btn--contained auth-form__submit" disabled={pending}>
            {t('checkout.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
