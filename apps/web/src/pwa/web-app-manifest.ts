import type { TLocale } from '@makazi/contracts/common-values';
import { colors } from '../lib/design-tokens.ts';

/**
 * The web app manifests, one per language (a manifest has one `lang`, and Chrome shows its
 * description when it offers to install): `/manifest-en.webmanifest` and
 * `/manifest-sw.webmanifest`, written by the build (vite.config.ts) and linked by each page in its
 * own language (server/page-template.ts). Both describe one app: the same `id` and start page,
 * which opens in the language the person chose last (the language cookie).
 */
export const MANIFEST_TEXTS: Record<TLocale, { name: string; description: string }> = {
  en: {
    name: 'Makazi: land and houses in Tanzania',
    description:
      'Find land, houses and apartments to rent or buy across Tanzania, and post your own. Works on a slow connection, and opens the pages you saw even offline.',
  },
  sw: {
    name: 'Makazi: viwanja na nyumba Tanzania',
    description:
      'Tafuta viwanja, nyumba na apartments za kupanga au kununua kote Tanzania, na utangaze zako. Inafanya kazi kwenye mtandao wa polepole, na hufungua kurasa ulizoziona hata bila mtandao.',
  },
};

export function manifestPath(language: TLocale): string {
  return `/manifest-${language}.webmanifest`;
}

export function webAppManifest(language: TLocale) {
  const { name, description } = MANIFEST_TEXTS[language];
  const icons = [192, 512].flatMap((size) => [
    { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
    {
      src: `/icons/maskable-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'maskable',
    },
  ]);
  return {
    id: '/home',
    name,
    short_name: 'Makazi',
    description,
    lang: language,
    dir: 'ltr',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The logo's gold for the installed app's title bar; the page's own background on its splash.
    theme_color: colors.primary,
    background_color: colors.background,
    categories: ['lifestyle', 'business', 'shopping'],
    icons,
  };
}
