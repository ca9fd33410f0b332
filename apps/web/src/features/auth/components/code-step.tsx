import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { OTP_LENGTH } from '@makazi/contracts/auth-values';
import type { CodeChallenge, CodeSignIn } from '../hooks/use-code-sign-in';
import { useWebOtp } from '../hooks/use-web-otp';
import { isCompleteCode, normalizeCode } from '../utils/validation';
import { AuthField } from './auth-field';
import { ResendCode } from './resend-code';
import './auth.css';

export interface CodeStepProps {
  /** The sign-in under way (hooks/use-code-sign-in); the step shows while a code is on its way. */
  signIn: CodeSignIn;
  /** Why the last call failed, as the form around the step words it (FailureAlert). */
  failureAlert: ReactNode;
  /** 'Wrong number?': reset the sign-in and give the number field back. */
  onWrongNumber: () => void;
}

/**
 * The second step of signing in by phone: the code field (typed, or filled by the WebOTP API),
 * Verify, the resend countdown and 'Wrong number?'. Used by the login flow and the checkout.
 */
export function CodeStep({ signIn, ...props }: CodeStepProps) {
  if (!signIn.challenge) return null;
  // A new code (resent) starts a fresh form: empty field, focus on it, a new WebOTP request.
  return (
    <CodeForm
      key={signIn.challenge.resendAt}
      signIn={signIn}
      challenge={signIn.challenge}
      {...props}
    />
  );
}

function CodeForm({
  signIn,
  challenge,
  failureAlert,
  onWrongNumber,
}: CodeStepProps & { challenge: CodeChallenge }) {
  const { t } = useTranslation('auth');
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const { pending } = signIn;
  const invalid = checked && !isCompleteCode(code);

  function focusCode() {
    form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }

  // The code was just sent: the visitor types it next.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, []);

  async function check(otp: string) {
    if (!(await signIn.verifyCode(otp))) focusCode();
  }

  // Chrome on Android reads the code from the SMS: fill it in and sign in at once.
  useWebOtp(challenge.resendAt, (otp) => {
    setCode(otp);
    void check(otp);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!isCompleteCode(code)) {
      focusCode();
      return;
    }
    void check(code);
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={submit}>
      <p className="auth-form__lead">{t('code.sentTo', { sentTo: challenge.sentTo })}</p>
      <AuthField
        name="code"
        label={t('code.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        pattern={`\\d{${OTP_LENGTH}}`}
        className="auth-field__code"
        value={code}
        onChange={(event) => setCode(normalizeCode(event.target.value))}
        error={invalid ? t('validation.code', { length: OTP_LENGTH }) : null}
      />
      {failureAlert}
      {signIn.resent ? (
        <p role="status" className="auth-form__note">
          {t('code.resent')}
        </p>
      ) : null}
      <button type="submit" className="btn btn--contained auth-form__submit" disabled={pending}>
        {t('code.submit')}
      </button>
      <div className="auth-form__links">
        <ResendCode
          deadline={challenge.resendAt}
          seconds={challenge.resendInSeconds}
          disabled={pending}
          onResend={() => void signIn.requestCode(challenge.phoneNumber, true)}
        />
        <button type="button" className="auth-link" disabled={pending} onClick={onWrongNumber}>
          {t('code.wrongNumber')}
        </button>
      </div>
    </form>
  );
}
