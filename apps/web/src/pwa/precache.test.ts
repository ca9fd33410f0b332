import { describe, expect, it } from 'vitest';
import { firstVisitFiles } from '../../vite.config';

const chunk = (extra: Record<string, unknown>) => ({ type: 'chunk', imports: [], ...extra });
const css = (files: string[]) => ({
  importedCss: new Set(files),
  importedAssets: new Set<string>(),
});

describe('firstVisitFiles', () => {
  it('is the entry, the server-rendered routes, both languages’ start texts, what they import, their styles and fonts', () => {
    const bundle = {
      'assets/index-1.js': chunk({
        isEntry: true,
        imports: ['assets/vendor-1.js'],
        viteMetadata: css(['assets/index-1.css']),
      }),
      'assets/vendor-1.js': chunk({}),
      'assets/home-1.js': chunk({
        facadeModuleId: '/repo/apps/web/src/app/routes/home.tsx',
        imports: ['assets/pages-1.js'],
      }),
      'assets/pages-1.js': chunk({ viteMetadata: css(['assets/pages-1.css']) }),
      'assets/locales-sw-1.js': chunk({ name: 'locales-sw' }),
      'assets/admin-1.js': chunk({
        facadeModuleId: '/repo/apps/web/src/app/routes/admin/dashboard.tsx',
        imports: ['assets/Button-1.js'],
      }),
      'assets/Button-1.js': chunk({}),
      'assets/lato-400.woff2': { type: 'asset' },
      'assets/index-1.css': { type: 'asset' },
    };
    expect([...firstVisitFiles(bundle)].sort()).toEqual([
      'assets/home-1.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/lato-400.woff2',
      'assets/locales-sw-1.js',
      'assets/pages-1.css',
      'assets/pages-1.js',
      'assets/vendor-1.js',
    ]);
  });
});
