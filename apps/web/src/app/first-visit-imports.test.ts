/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The home page's JavaScript budget (issue 19: 100 KiB gzip) holds only while the public pages ship no
 * component library and no schema library. The MUI theme is for the later lazy MUI screens.
 */
const src = path.join(import.meta.dirname, '..');
const MUI_HOMES = new Set(['lib/theme.ts', 'lib/mui-theme-scope.tsx']);
/**
 * The admin area is used at a desk and loads only behind its lazy routes (decision 008): it may use
 * MUI and parse answers with the contracts' zod schemas. The last test proves none of it is reached
 * from main.tsx by a static import.
 */
const ADMIN_AREA = /^(features\/admin\/|app\/routes\/admin\/)/;
const isPublic = (name: string) => !ADMIN_AREA.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Module specifiers of the value imports (not `import type`) of a file. */
function valueImports(code: string): string[] {
  return [...code.matchAll(/^import\s+(?!type\b)[^'";]*?['"]([^'"]+)['"]/gm)].map(
    ([, specifier = '']) => specifier,
  );
}

const isPublicFile = (file: { name: string }) => isPublic(file.name);

describe('the public pages', () => {
  const files = sourceFiles(src).map((file) => ({
    name: path.relative(src, file).split(path.sep).join('/'),
    imports: valueImports(readFileSync(file, 'utf8')),
  }));

  it('finds the sources it checks', () => {
    expect(files.map((file) => file.name)).toContain(
      'features/catalogue/components/property-card.tsx',
    );
    expect(files.find((file) => file.name === 'lib/theme.ts')?.imports).toContain(
      '@mui/material/styles',
    );
  });

  it('import no MUI or emotion outside the MUI theme modules', () => {
    const offenders = files
      .filter((file) => isPublic(file.name) && !MUI_HOMES.has(file.name))
      .filter((file) => file.imports.some((specifier) => /^@(mui|emotion)\//.test(specifier)))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('import no zod and only types from the contracts schema modules', () => {
    const offenders = files
      .filter(isPublicFile)
      .filter((file) =>
        file.imports.some(
          (specifier) =>
            specifier === 'zod' ||
            specifier.startsWith('zod/') ||
            /^@makazi\/contracts\/(?!.*-values$)/.test(specifier),
        ),
      )
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('load MUI only behind a dynamic import: nothing main.tsx imports statically reaches it', () => {
    const byName = new Map(files.map((file) => [file.name, file]));
    const resolve = (from: string, specifier: string) => {
      const base = path.posix.join(path.posix.dirname(from), specifier);
      return [base, `${base}.ts`, `${base}.tsx`].find((name) => byName.has(name));
    };
    const reached = new Set<string>();
    const visit = (name: string) => {
      if (reached.has(name)) return;
      reached.add(name);
      for (const specifier of byName.get(name)?.imports ?? []) {
        const next = specifier.startsWith('.') ? resolve(name, specifier) : undefined;
        if (next) visit(next);
      }
    };
    visit('main.tsx');
    expect(reached).toContain('app/layouts/header.tsx');
    expect([...reached].filter((name) => MUI_HOMES.has(name) || !isPublic(name))).toEqual([]);
  });
});
