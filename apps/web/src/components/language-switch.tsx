import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { ZLocale, type TLocale } from '@makazi/contracts/common';
import { switchLanguage } from '../lib/i18n';

export interface LanguageSwitchProps {
  /** 'dark' on the black header bar, 'light' on white panels. */
  tone?: 'dark' | 'light';
}

export function LanguageSwitch({ tone = 'dark' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const gold = tone === 'dark';

  return (
    <Box
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      sx={{ display: 'inline-flex', gap: 1 }}
    >
      {ZLocale.options.map((language: TLocale) => {
        const active = current === language;
        return (
          <Button
            key={language}
            lang={language}
            aria-pressed={active}
            title={t(language === 'en' ? 'language.enName' : 'language.swName')}
            onClick={() => void switchLanguage(i18n, language)}
            size="small"
            variant={active ? 'contained' : 'outlined'}
            color={gold ? 'primary' : 'secondary'}
            sx={{ minWidth: 40, ...(gold && !active ? { color: 'primary.main' } : {}) }}
          >
            {t(language === 'en' ? 'language.en' : 'language.sw')}
          </Button>
        );
      })}
    </Box>
  );
}
