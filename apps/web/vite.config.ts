import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Screen tests load lazy routes, whose first transform is slow on a cold cache, and a busy machine
    // multiplies that (a test with three screens took over 30 s at a load of 25). A cap, not a wait.
    testTimeout: 60_000,
  },
});
