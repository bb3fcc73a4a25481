import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // CSS is not loaded in tests, but src/test/contrast.ts reads the theme's colours as text (?raw).
    css: { include: [/\.css\?raw$/] },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Component tests type into forms with user-event; on a busy shared machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
