import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports only its development build to bundlers; its production build is ~0.6 KB br
// smaller on `/`. Both specifiers must point at it, or the two builds are bundled side by side.
const reactRouterProduction = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/react-router/dist/production',
);

// Two client builds into one dist/: the public site (default) and, with `--mode admin`, the operator console.
// Separate builds so the public pages load ONE script with no chunk shared with the console (every request
// counts against the JS budget on `/`, headers included).
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Puts every module `/` imports statically, and the bundler's runtime, into one chunk named `main`: each extra
 * request costs ~0.9 KB of response headers against the JS budget of `/`. Lazy-only modules stay split.
 */
function firstViewChunk(id: string, graph: ModuleGraph): string | null {
  if (id.includes('rolldown/runtime')) return 'main';
  const seen = new Set<string>();
  const isStaticallyReachable = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    const info = graph.getModuleInfo(moduleId);
    return !!info && (info.isEntry || info.importers.some(isStaticallyReachable));
  };
  return isStaticallyReachable(id) ? 'main' : null;
}

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve:
    mode === 'test'
      ? {}
      : {
          alias: [
            { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
          ],
        },
  // SITE_URL (canonical origin of the prerendered pages) is read at build time, like VITE_*.
  envPrefix: ['VITE_', 'SITE_'],
  build: {
    target: 'es2022',
    // terser with three passes is ~0.5 KB br smaller than the default minifier on `/` (docs/performance.md).
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
    // Keep images as hashed files (immutable caching) instead of data: URIs inside the JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The operator console is its own entry, so none of its code is referenced by the public pages.
    rollupOptions: {
      input: mode === 'admin' ? { admin: 'admin/index.html' } : ({ main: 'index.html' } as Record<string, string>),
      // Everything `/` imports statically stays in ONE script; only lazy modules (the form) are split off.
      output: mode === 'admin' ? {} : { codeSplitting: { groups: [{ name: firstViewChunk }] } },
    },
    emptyOutDir: mode !== 'admin',
  },
}));
