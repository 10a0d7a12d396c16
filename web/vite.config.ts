// Builds the client into build/web, which `logomachie serve` serves.
// `npx vite` (dev server) proxies the WebSocket and the API to a running server.
import { defineConfig } from 'vite';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: '../build/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
  },
  server: {
    // The client bundles some game content from data/ (Le Tapécho's cards).
    fs: { allow: ['.', '../data/tapecho'] },
    proxy: {
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
      '/api': 'http://127.0.0.1:8080',
    },
  },
});
