import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { firstScreens } from './src/first-screens/first-screens.ts';

/**
 * Writes dist/first-screens.json: the first screens the server draws into the page before the app's code arrives
 * (src/first-screens/first-screens.ts), in each language, worded from the catalogues of this build, and what a page's
 * head carries in that language.
 */
function firstScreensFile(): Plugin {
  return {
    name: 'puronoboi-first-screens',
    apply: 'build',
    generateBundle(_, bundle) {
      // A Bangla page's head fetches the Bengali faces with the page: its first screen is Bengali text, drawn in
      // them from the first paint rather than in a fallback that the app's text then outgrows.
      const bengaliFaces = Object.values(bundle)
        // Ours (src/assets/fonts), not the package's own Bengali faces, which the build also carries and never uses.
        .filter((file) => file.type === 'asset' && file.originalFileNames.some((name) => /^src\/assets\/fonts\/hind-siliguri-bengali-\d+\.woff2$/.test(name)))
        .map((file) => file.fileName);
      if (bengaliFaces.length !== 2) throw new Error(`expected the two Bengali faces in the build, found: ${bengaliFaces.join(', ')}`);
      const preloads = bengaliFaces
        .map((name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${name}">`)
        .join('\n');
      this.emitFile({
        type: 'asset',
        fileName: 'first-screens.json',
        source: JSON.stringify({ en: { head: '', ...firstScreens('en') }, bn: { head: preloads, ...firstScreens('bn') } }),
      });
    },
  };
}

// The Rust server serves the API and the built app on one origin in production; in development vite
// forwards API and image requests to it so every fetch can stay relative.
const apiTarget = process.env.PURONOBOI_API_URL ?? 'http://127.0.0.1:8090';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/images': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), firstScreensFile()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@bindings': fileURLToPath(new URL('../../bindings', import.meta.url)),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change on their own schedules: chunks of their own keep browsers' caches warm across releases.
        // React loads at start (modulepreload). The identity service's SDK loads only when needed (src/lib/identity.ts);
        // the forms libraries are left to the automatic split, which puts them with the lazy pages that have forms
        // (a named group would also catch the one settings module main.tsx imports from zod, pulling all of it in).
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // Toasts load when the page is idle (src/lib/toaster.ts): a chunk of their own, or the automatic split
            // puts them in a chunk the start-up needs.
            { name: 'toasts', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Times are shown in the reader's time zone: the tests read them as a reader in Bangladesh does, on any machine.
    env: { TZ: 'Asia/Dhaka' },
  },
});
