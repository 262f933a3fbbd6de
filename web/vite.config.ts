import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { imagetools } from 'vite-imagetools';
import { photoPipelineOptions } from './photo-pipeline';

// Two client builds into one dist/: the public site (default) and, with `--mode admin`, the operator console.
// Separate builds so the public pages share no chunk with the console.
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Puts every module the first view imports statically, and the bundler's runtime, into one chunk named `main`:
 * each extra request costs ~0.4 KB of response headers against the JS budget. Islands (dynamic imports) stay
 * split, one chunk each (docs/decisions/0005-islands-and-progressive-enhancement.md).
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

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), imagetools(photoPipelineOptions)],
  // SITE_URL (canonical origin of the prerendered pages) is read at build time, like VITE_*.
  envPrefix: ['VITE_', 'SITE_'],
  build: {
    target: 'es2022',
    // terser with three passes is ~0.5 KB br smaller than the default minifier (docs/performance.md).
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
    // Keep images as hashed files (immutable caching) instead of data: URIs inside the JS.
    assetsInlineLimit: 0,
    // Islands have no CSS and no shared chunks to preload: no preload helper in the first-view script.
    modulePreload: false,
    // The operator console is its own entry, so none of its code is referenced by the public pages.
    rollupOptions: {
      input: mode === 'admin' ? { admin: 'admin/index.html' } : ({ main: 'index.html' } as Record<string, string>),
      output: mode === 'admin' ? {} : { codeSplitting: { groups: [{ name: firstViewChunk }] } },
    },
    emptyOutDir: mode !== 'admin',
    // The server renderer needs no copy of the public files, but it emits the images the pages reference (SVG
    // illustrations, the founders' photos): the prerender copies them into dist/assets, since no client script
    // imports them (the islands carry no copy or images).
    copyPublicDir: !isSsrBuild,
    ssrEmitAssets: true,
  },
}));
