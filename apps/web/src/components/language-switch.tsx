import { useTranslation } from '../lib/use-translation';
import { LOCALES } from '@makazi/contracts/common-values';
import { switchLanguage } from '../lib/i18n';
import './language-switch.css';

export interface LanguageSwitchProps {
  /** 'dark' on the black header bar, 'light' on white panels. */
  tone?: 'dark' | 'light';
}

export function LanguageSwitch({ tone = 'dark' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      className={`language-switch language-switch--${tone}`}
    >
      {LOCALES.map((language) => {
        const active = current === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            title={t(language === 'en' ? 'language.enName' : 'language.swName')}
            onClick={() => void switchLanguage(i18n, language)}
            className={`btn btn--small${active ? ' btn--contained' : ''}`}
          >
            {t(language === 'en' ? 'language.en' : 'language.sw')}
          </button>
        );
      })}
    </div>
  );
}
