import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The buyer app talks only to bff-user; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['../../packages/ui/vitest.setup.ts'],
    testTimeout: 120000,
  },
});
