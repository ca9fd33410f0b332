import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api },
  },
  build: {
    // The API serves dist/ and the bench reads the manifest to measure what the home route ships.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
});
