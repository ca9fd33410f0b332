import type { Resource } from 'i18next';

// The server renders any page in either language at once: every text is in its bundle.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const localeResources: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language = '', namespace = ''] = match;
  localeResources[language] ??= {};
  localeResources[language][namespace] = texts;
}
