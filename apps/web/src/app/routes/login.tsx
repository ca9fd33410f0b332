import { useId } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useSession } from '../../lib/session';
import { LoginFlow } from '../../features/auth/components/login-flow';
import {
  phoneFromState,
  returnPath,
  sendCodeFromState,
} from '../../features/auth/utils/return-path';

/** The /login screen: after signing in, back to where the visitor was going, else /home. */
export function LoginRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const titleId = useId();
  const target = returnPath(location.state) ?? '/home';

  // Already signed in (or just signed in here): nothing to do on this page.
  if (session) return <Navigate to={target} replace />;

  return (
    <div className="auth-screen">
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 id={titleId} className="auth-card__title">
          {t('login.title')}
        </h1>
        <LoginFlow
          key={location.key}
          mode="screen"
          initialPhone={phoneFromState(location.state)}
          sendCodeAtOnce={sendCodeFromState(location.state)}
          onSignedIn={() => void navigate(target, { replace: true })}
        />
      </section>
    </div>
  );
}
