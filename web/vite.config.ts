import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // SITE_URL (canonical origin of the prerendered pages) is read at build time, like VITE_*.
  envPrefix: ['VITE_', 'SITE_'],
  build: {
    target: 'es2022',
    // Keep images as hashed files (immutable caching) instead of data: URIs inside the JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The operator console is its own entry, so none of its code is referenced by the public pages.
    rollupOptions: { input: { main: 'index.html', admin: 'admin/index.html' } },
  },
});
