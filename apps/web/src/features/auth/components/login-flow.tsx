import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LOCAL_PHONE_FORMAT } from '@makazi/contracts/auth-values';
import { useCodeSignIn } from '../hooks/use-code-sign-in';
import { normalizePhone, validatePhone } from '../utils/validation';
import { AuthField } from './auth-field';
import { AuthSwitch, type AuthMode } from './auth-switch';
import { CodeStep } from './code-step';
import { FailureAlert } from './failure-alert';
import './auth.css';

export interface LoginFlowProps {
  mode: AuthMode;
  /** Pre-fills the phone field (after registering, or from the login link of the register form). */
  initialPhone?: string;
  /**
   * Just registered with `initialPhone`: its code is sent at once, and the flow opens on the code
   * step. Nobody who has just typed their number should have to tap Sign in to get a code.
   */
  sendCodeAtOnce?: boolean;
  /** The session is stored and 'Login successful!' shown: close the popover or leave the screen. */
  onSignedIn: () => void;
}

/**
 * The login, by phone and one-time code, for the popover and the /login screen: step 1 asks
 * for the phone and sends the code; step 2 (CodeStep) takes the code and signs in.
 */
export function LoginFlow({
  mode,
  initialPhone = '',
  sendCodeAtOnce = false,
  onSignedIn,
}: LoginFlowProps) {
  const { t } = useTranslation('auth');
  const signIn = useCodeSignIn(onSignedIn);
  const root = useRef<HTMLDivElement>(null);
  const focusPhone = useRef(false);

  const [phone, setPhone] = useState(initialPhone);
  const [phoneChecked, setPhoneChecked] = useState(false);

  const { challenge, failure, pending } = signIn;
  const phoneProblem = phoneChecked ? validatePhone(phone) : null;

  function focusPhoneField() {
    root.current?.querySelector<HTMLInputElement>('input[name="phoneNumber"]')?.focus();
  }

  // Once per flow (a remount in development's strict mode keeps the ref): one code, not two.
  const sentAtOnce = useRef(false);
  useEffect(() => {
    if (!sendCodeAtOnce || sentAtOnce.current || validatePhone(initialPhone)) return;
    sentAtOnce.current = true;
    void signIn.requestCode(normalizePhone(initialPhone));
  }, [sendCodeAtOnce, initialPhone, signIn]);

  // Back from the code step ('Wrong number?'): the number is what gets changed.
  useEffect(() => {
    if (challenge || !focusPhone.current) return;
    focusPhone.current = false;
    root.current?.querySelector<HTMLInputElement>('input[name="phoneNumber"]')?.focus();
  }, [challenge]);

  function submitPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPhoneChecked(true);
    if (validatePhone(phone)) {
      focusPhoneField();
      return;
    }
    void signIn.requestCode(normalizePhone(phone));
  }

  function changeNumber() {
    focusPhone.current = true;
    signIn.reset();
  }

  const failureAlert = failure ? (
    <FailureAlert
      reason={failure}
      mode={mode}
      title={mode === 'screen' ? t('login.failed') : undefined}
      phoneNumber={challenge?.phoneNumber ?? normalizePhone(phone)}
    />
  ) : null;

  return (
    <div ref={root} className="auth-flow">
      {challenge ? (
        <CodeStep signIn={signIn} failureAlert={failureAlert} onWrongNumber={changeNumber} />
      ) : (
        <form className="auth-form" noValidate onSubmit={submitPhone}>
          <AuthField
            name="phoneNumber"
            label={t('login.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t('login.phonePlaceholder')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={
              phoneProblem === 'phoneRequired'
                ? t('validation.phoneRequired')
                : phoneProblem === 'phoneFormat'
                  ? t('validation.phoneFormat', { phone: LOCAL_PHONE_FORMAT })
                  : null
            }
          />
          {failureAlert}
          <button type="submit" className="btn btn--contained auth-form__submit" disabled={pending}>
            {t('login.submit')}
          </button>
          <p className="auth-form__switch">
            {t('login.noAccount')}{' '}
            <AuthSwitch mode={mode} to="register" phoneNumber={normalizePhone(phone)}>
              {t('login.register')}
            </AuthSwitch>
          </p>
        </form>
      )}
    </div>
  );
}
