import { build } from 'esbuild';

/** Bundles the server (and the contract it imports) into dist/; npm dependencies stay external. */
await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/migrate.ts',
    'admin-cli': 'src/admin-cli.ts',
    'backup-cli': 'src/backup-cli.ts',
    'restore-cli': 'src/restore-cli.ts',
    'mail-check-cli': 'src/mail-check-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // The workspace packages from their sources; a subpath export (the console's words) by its own entry.
  alias: {
    '@waitlist/contract': '../contract/src/index.ts',
    '@waitlist/catalogue/console': '../catalogue/src/console/index.ts',
    '@waitlist/catalogue': '../catalogue/src/index.ts',
  },
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log('server built to server/dist');
