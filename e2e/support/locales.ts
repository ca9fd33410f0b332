import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Messages = Record<string, unknown>;

/** The web app's own locale files: the specs expect what a reader of each language sees. */
export function messages(
  language: 'en' | 'sw',
  namespace:
    | 'common'
    | 'catalogue'
    | 'detail'
    | 'auth'
    | 'publish'
    | 'posts'
    | 'checkout'
    | 'admin'
    | 'support'
    | 'info'
    | 'trust'
    | 'saved'
    | 'searches'
    | 'insights',
): Messages {
  const file = fileURLToPath(
    new URL(`../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

/** A string at a dotted key, e.g. text(messages('sw', 'common'), 'header.signIn'). */
export function text(from: Messages, key: string): string {
  let node: unknown = from;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Messages)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no locale string at ${key}`);
  return node;
}

/** A template with its {{placeholders}} filled, as i18next would render it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
