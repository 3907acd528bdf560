import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The admin app talks only to bff-admin; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8081', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8081', changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['../../packages/ui/vitest.setup.ts'],
    testTimeout: 120000,
  },
});
