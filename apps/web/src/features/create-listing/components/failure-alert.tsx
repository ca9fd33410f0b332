import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { useWizardText } from '../hooks/use-wizard-text';
import type { TFailureKind } from '../utils/failure';

export interface WizardFailureProps {
  /** What could not be done ('The address could not be saved.'). */
  title: string;
  kind: TFailureKind;
  /** The user's input is still in the form: say so, so nobody types it all again. */
  kept?: boolean;
  children?: ReactNode;
}

/** A failed call: what failed, why, and that nothing typed was lost. */
export function WizardFailure({ title, kind, kept = true, children }: WizardFailureProps) {
  const { t } = useTranslation('publish');
  const text = useWizardText();
  return (
    <div role="alert" className="wizard-alert">
      <p className="wizard-alert__title">{title}</p>
      <p>
        {text.failure(kind)}
        {kind === 'forbiddenPost' || kind === 'forbiddenEdit' ? (
          <>
            {' '}
            {/* In a new tab: what they typed stays here for when support switches it back on. */}
            <Link to="/support" target="_blank" rel="noopener">
              {t('failure.contactSupport')}
            </Link>
          </>
        ) : null}
      </p>
      {kept ? <p className="text-secondary">{t('failure.kept')}</p> : null}
      {children}
    </div>
  );
}
