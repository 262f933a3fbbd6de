import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two client builds into one dist/: the public site (default) and, with `--mode admin`, the operator console.
// Separate builds so the public pages load ONE script with no chunk shared with the console (every request
// counts against the JS budget on `/`, headers included).
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // SITE_URL (canonical origin of the prerendered pages) is read at build time, like VITE_*.
  envPrefix: ['VITE_', 'SITE_'],
  build: {
    target: 'es2022',
    // Keep images as hashed files (immutable caching) instead of data: URIs inside the JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The operator console is its own entry, so none of its code is referenced by the public pages.
    rollupOptions: { input: mode === 'admin' ? { admin: 'admin/index.html' } : ({ main: 'index.html' } as Record<string, string>) },
    emptyOutDir: mode !== 'admin',
  },
}));
