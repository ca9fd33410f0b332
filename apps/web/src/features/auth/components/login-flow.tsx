import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_PHONE_FORMAT, OTP_LENGTH } from '@makazi/contracts/auth-values';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useSendLoginCode } from '../api/login';
import { useVerifyOtp } from '../api/verify-otp';
import { useReasonText } from '../hooks/use-reason-text';
import { useWebOtp } from '../hooks/use-web-otp';
import { describeAuthError, loginFailureKind, type AuthReason } from '../utils/auth-error';
import { isCompleteCode, normalizeCode, normalizePhone, validatePhone } from '../utils/validation';
import { AuthField } from './auth-field';
import { AuthSwitch, type AuthMode } from './auth-switch';
import { FailureAlert } from './failure-alert';
import { ResendCode } from './resend-code';
import './auth.css';

export interface LoginFlowProps {
  mode: AuthMode;
  /** Pre-fills the phone field (after registering, or from the login link of the register form). */
  initialPhone?: string;
  /** The session is stored and 'Login successful!' shown: close the popover or leave the screen. */
  onSignedIn: () => void;
}

/** The code the API texted: to which (masked) number, and when another may be asked for. */
interface Challenge {
  phoneNumber: string;
  sentTo: string;
  resendInSeconds: number;
  resendAt: number;
}

type Field = 'phoneNumber' | 'code';

/**
 * Spec 2's login, by phone and one-time code, for the popover and the /login screen: step 1 asks
 * for the phone and sends the code; step 2 takes the code (typed, or filled by the WebOTP API) and
 * signs in.
 */
export function LoginFlow({ mode, initialPhone = '', onSignedIn }: LoginFlowProps) {
  const { t } = useTranslation('auth');
  const reasonText = useReasonText();
  const sendCode = useSendLoginCode();
  const verify = useVerifyOtp();
  const root = useRef<HTMLDivElement>(null);
  // One request at a time: state updates land after a render, a ref blocks a second tap at once.
  const busy = useRef(false);
  const focusNext = useRef<Field | null>(null);

  const [phone, setPhone] = useState(initialPhone);
  const [phoneChecked, setPhoneChecked] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [code, setCode] = useState('');
  const [codeChecked, setCodeChecked] = useState(false);
  const [failure, setFailure] = useState<AuthReason | null>(null);
  const [resent, setResent] = useState(false);

  const pending = sendCode.isPending || verify.isPending;
  const phoneProblem = phoneChecked ? validatePhone(phone) : null;
  const codeInvalid = codeChecked && !isCompleteCode(code);

  function focusField(field: Field) {
    root.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }

  // After a step change or a resend, focus the field the visitor needs next.
  useEffect(() => {
    const field = focusNext.current;
    if (!field) return;
    focusNext.current = null;
    focusField(field);
  }, [challenge]);

  function fail(call: 'login' | 'verify', error: unknown) {
    const reason = describeAuthError(error, call);
    const prefix = t(`toast.${loginFailureKind(call, error)}`);
    void showToast(`${prefix} ${reasonText(reason)}`, 'error');
    setFailure(reason);
  }

  async function requestCode(phoneNumber: string, isResend: boolean) {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    setResent(false);
    try {
      const answer = await sendCode.mutateAsync({ phoneNumber });
      focusNext.current = 'code';
      setChallenge({
        phoneNumber,
        sentTo: answer.sentTo,
        resendInSeconds: answer.resendInSeconds,
        resendAt: Date.now() + answer.resendInSeconds * 1000,
      });
      setCode('');
      setCodeChecked(false);
      setResent(isResend);
    } catch (error) {
      fail('login', error);
    } finally {
      busy.current = false;
    }
  }

  async function verifyCode(otp: string) {
    if (busy.current || !challenge) return;
    busy.current = true;
    setFailure(null);
    setResent(false);
    try {
      const answer = await verify.mutateAsync({ phoneNumber: challenge.phoneNumber, otp });
      setSession({
        token: answer.access_token,
        refreshToken: answer.refresh_token,
        user: answer.username,
        sub: answer.sub,
      });
      void showToast(t('toast.loginSuccess'), 'success');
      onSignedIn();
    } catch (error) {
      fail('verify', error);
      focusField('code');
    } finally {
      busy.current = false;
    }
  }

  // Chrome on Android reads the code from the SMS: fill it in and sign in at once.
  useWebOtp(challenge ? challenge.resendAt : null, (otp) => {
    setCode(otp);
    void verifyCode(otp);
  });

  function submitPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPhoneChecked(true);
    if (validatePhone(phone)) {
      focusField('phoneNumber');
      return;
    }
    void requestCode(normalizePhone(phone), false);
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCodeChecked(true);
    if (!isCompleteCode(code)) {
      focusField('code');
      return;
    }
    void verifyCode(code);
  }

  function changeNumber() {
    focusNext.current = 'phoneNumber';
    setChallenge(null);
    setFailure(null);
    setResent(false);
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
        <form className="auth-form" noValidate onSubmit={submitCode}>
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
            error={codeInvalid ? t('validation.code', { length: OTP_LENGTH }) : null}
          />
          {failureAlert}
          {resent ? (
            <p role="status" className="auth-form__note">
              {t('code.resent')}
            </p>
          ) : null}
          <button type="submit" className="btn btn--contained auth-form__submit" disabled={pending}>
            {t('code.submit')}
          </button>
          <div className="auth-form__links">
            <ResendCode
              key={challenge.resendAt}
              deadline={challenge.resendAt}
              seconds={challenge.resendInSeconds}
              disabled={pending}
              onResend={() => void requestCode(challenge.phoneNumber, true)}
            />
            <button type="button" className="auth-link" disabled={pending} onClick={changeNumber}>
              {t('code.wrongNumber')}
            </button>
          </div>
        </form>
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
