import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeFile, partOf } from './src/i18n/messageParts.ts';

// The platform server (apps/server) answers the console API, the algorithm gateway, the health
// check and the content folder's images (/content/...).
const apiTarget = process.env.PIXORA_API_URL ?? 'http://localhost:8080';
const proxy = {
  '^/(api|v\\d+|test|content)/': { target: apiTarget, changeOrigin: true },
  '/healthz': { target: apiTarget, changeOrigin: true },
  '/readyz': { target: apiTarget, changeOrigin: true },
};

/** One chunk per language and part of the interface strings (src/i18n/messageParts.ts). */
function messagesChunk(id: string): string | null {
  const file = localeFile(id.replaceAll('\\', '/'));
  return file ? `messages-${file.language}-${partOf(file.namespace)}` : null;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|md|xml|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (at the highest
 * levels: this runs once, not per request). The server sends them to browsers that accept them
 * (apps/server/src/modules/web). Files under 1 KB, or that do not shrink, are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? walk(file) : [file];
      }),
    );
    return nested.flat();
  };
  return {
    name: 'pixora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const body = await readFile(file);
          const variants: Array<[string, Buffer]> = [
            ['.br', await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await gzipAsync(body, { level: 9 })],
          ];
          for (const [extension, compressed] of variants) {
            if (compressed.length < body.length * 0.9) await writeFile(file + extension, compressed);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: messagesChunk, debugName: 'messages' }] } },
    },
  },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
