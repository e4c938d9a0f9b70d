// Vite build and dev server for the SPA. The dev server proxies the back-end paths to the local runtime (DESIGN §4).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/card', '/media', '/cognito', '/config.json'];

/**
 * Issue 25 §1: the build's automatic common chunks smaller than this (source bytes) are copied into the chunks that use
 * them instead of standing alone. Left as they are, a signed-in page needs ≈ 50 chunks of a few hundred bytes each,
 * which a phone on HTTP/1.1 (six connections) fetches in several round trips before the page can draw; inlined, ≈ 20,
 * for about 4 KB more in all (the copies), and / loads 7 files instead of 25 (docs/decisions.md "Signed-in pages").
 */
const INLINE_COMMON_CHUNKS_BELOW = 6 * 1024;

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    // WEB_DIST builds elsewhere (a second checkout's or a helper's build beside the first); web/dist by default.
    outDir: process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Read by web/prerender.ts (the route chunks each prerendered page preloads), then removed.
    manifest: true,
    // The prerender's server build (web/prerender.ts) keeps the default splitting.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            // Required by the inlining; nothing imports the entry's exports.
            preserveEntrySignatures: false as const,
            output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_CHUNKS_BELOW } } },
          },
        }),
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
