import { useTranslation } from '../../../lib/use-translation';
import type { TWizardStep } from '../utils/draft-store';

export const STEP_KEYS = ['details', 'address', 'photos'] as const;

/** Where the user is among the three steps; the current one is marked for screen readers too. */
export function Stepper({ step }: { step: TWizardStep }) {
  const { t } = useTranslation('publish');
  return (
    <ol className="stepper" aria-label={t('stepper.label')}>
      {STEP_KEYS.map((key, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li
            key={key}
            className={`stepper__step stepper__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="stepper__number" aria-hidden="true">
              {state === 'done' ? '✓' : number}
            </span>
            <span className="stepper__name">
              {t(`steps.${key}`)}
              {state === 'done' ? (
                <span className="wizard-sr-only"> ({t('stepper.done')})</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
