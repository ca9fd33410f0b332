import { useId } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useDataSaver } from '../lib/use-data-saver';
import './data-saver-switch.css';

export interface DataSaverSwitchProps {
  /** 'dark' on the black header bar (compact, the explanation in its title), 'light' on panels. */
  tone?: 'dark' | 'light';
}

/**
 * The data-saver switch (decision 044): on and off at once on this page, and remembered for the
 * next ones, which the server then renders the same way.
 */
export function DataSaverSwitch({ tone = 'dark' }: DataSaverSwitchProps) {
  const { t } = useTranslation();
  const { on, choose } = useDataSaver();
  const explanationId = useId();
  const explanation = t('dataSaver.explanation');
  return (
    <div className={`data-saver-switch data-saver-switch--${tone}`}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={explanationId}
        title={tone === 'dark' ? explanation : undefined}
        onClick={() => choose(!on)}
        className="data-saver-switch__button"
      >
        <span className="data-saver-switch__track" aria-hidden="true">
          <span className="data-saver-switch__thumb" />
        </span>
        <span className="data-saver-switch__label">{t('dataSaver.label')}</span>
      </button>
      <p id={explanationId} className="data-saver-switch__explanation">
        {explanation}
      </p>
    </div>
  );
}
