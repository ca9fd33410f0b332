import { defineConfig, mergeConfig } from 'vite';
import baseConfig from './vite.config.ts';

/**
 * The server renderer's build (package.json "build", after the browser's): every library bundled
 * in, and React's production build chosen when the bundle is made, not at run time by the
 * server's NODE_ENV (`npm start` runs without NODE_ENV=production, and React's development build
 * renders a page several times slower).
 */
export default mergeConfig(
  baseConfig,
  defineConfig({
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: 'dist/.ssr',
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      rolldownOptions: {
        // The server bundles every text, and reads them at once: it has no use for the chunking
        // the browser's build warns about.
        checks: { ineffectiveDynamicImport: false },
      },
    },
  }),
);
