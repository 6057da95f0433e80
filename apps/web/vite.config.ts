import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The platform server (apps/server) answers the console API, the algorithm gateway and the health check.
const apiTarget = process.env.PIXORA_API_URL ?? 'http://localhost:8080';
const proxy = {
  '^/(api|v\\d+|test)/': { target: apiTarget, changeOrigin: true },
  '/healthz': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
