import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Messages = Record<string, unknown>;

const localesDir = (language: 'en' | 'sw') =>
  fileURLToPath(new URL(`../../apps/web/src/locales/${language}/`, import.meta.url));

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
  return JSON.parse(readFileSync(`${localesDir(language)}${namespace}.json`, 'utf8')) as Messages;
}

function leaves(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node !== 'object' || node === null) return [];
  return Object.values(node).flatMap(leaves);
}

/** Every string of every namespace of a language, as the locale files hold them. */
export function allStrings(language: 'en' | 'sw'): string[] {
  const dir = localesDir(language);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => leaves(JSON.parse(readFileSync(`${dir}${file}`, 'utf8'))));
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
