import { useId } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useSession } from '../../lib/session';
import { RegisterForm } from '../../features/auth/components/register-form';
import { fromState, phoneFromState } from '../../features/auth/utils/return-path';

/** The /register screen: a new account goes on to /login, where its code is sent at once. */
export function RegisterRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const titleId = useId();

  if (session) return <Navigate to="/home" replace />;

  return (
    <div className="auth-screen">
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 id={titleId} className="auth-card__title">
          {t('register.title')}
        </h1>
        <RegisterForm
          key={location.key}
          mode="screen"
          initialPhone={phoneFromState(location.state)}
          onRegistered={(phoneNumber) =>
            void navigate('/login', {
              state: { phoneNumber, from: fromState(location.state), sendCode: true },
            })
          }
        />
      </section>
    </div>
  );
}
