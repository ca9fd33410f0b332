/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The header is on every first visit, inside the home page's 170 KiB budget. What only a signed-in
 * user or a click needs (account menu, profile panel, sign-in popover, sign-out, the guards) must
 * stay behind a dynamic import, so nothing main.tsx imports statically reaches it.
 */
const src = path.join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Module specifiers of the static value imports of a file (`import()` is not matched). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/^import\s+(?!type\b)[^'";]*?['"]([^'"]+)['"]/gm)].map(
    ([, specifier = '']) => specifier,
  );
}

function reachedFromMain(): Set<string> {
  const files = new Map(
    sourceFiles(src).map((file) => [
      path.relative(src, file).split(path.sep).join('/'),
      staticImports(readFileSync(file, 'utf8')),
    ]),
  );
  const resolve = (from: string, specifier: string) => {
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`].find((name) => files.has(name));
  };
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const specifier of files.get(name) ?? []) {
      const next = specifier.startsWith('.') ? resolve(name, specifier) : undefined;
      if (next) visit(next);
    }
  };
  visit('main.tsx');
  return reached;
}

describe('the first visit', () => {
  const reached = reachedFromMain();

  it('includes the header and its SIGN IN link', () => {
    expect(reached).toContain('app/layouts/header.tsx');
    expect(reached).toContain('components/sign-in-link.tsx');
  });

  it('leaves the signed-in chrome, the popover, the panels and the guards to lazy chunks', () => {
    const eager = [...reached].filter(
      (name) =>
        name.startsWith('features/auth/') ||
        name.startsWith('features/profile/') ||
        name.startsWith('features/subscriptions/') ||
        [
          'app/layouts/account-menu.tsx',
          'app/layouts/mobile-menu.tsx',
          'app/routes/require-login.tsx',
          'app/routes/require-subscription.tsx',
          'lib/sign-out.ts',
        ].includes(name),
    );
    expect(eager).toEqual([]);
  });
});
