import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

/** Shapes the settings share (settings/*.ts; env.ts parses them). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/src/settings, or server/dist once bundled → repository root. */
export const repoRoot = path.resolve(here, here.endsWith('settings') ? '..' : '', '..', '..');

export const portSchema = z
  .pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number))
  .check(z.refine((n) => n > 0 && n < 65536, 'must be between 1 and 65535'));

/** A comma-separated list of e-mail domains (`example.com, @other.se`), lower-cased, each checked for shape. */
export const domainList = z.pipe(
  z.string(),
  z.pipe(
    z.transform((v: string) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
    z.array(z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be domains such as example.com, comma-separated'))),
  ),
);
