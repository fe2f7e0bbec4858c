import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office at /admin (issue 14): a single-page app of its own, built apart from the
 * storefront so none of its code can reach a shopper's first load or share a chunk with the
 * storefront (docs/decisions/044-back-office-app.md). The server serves its index.html for /admin
 * and every path under it, and its hashed files from /admin/assets/.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client/admin'),
  base: '/admin/',
  plugins: [react()],
  // No public/ folder: the storefront's files are the storefront's.
  publicDir: false,
  build: {
    outDir: path.resolve(import.meta.dirname, 'build/admin'),
    emptyOutDir: true,
    // The policy allows scripts and styles from files only: nothing inline, not even a polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
