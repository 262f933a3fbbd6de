import path from 'node:path';
import * as z from 'zod/mini';
import { consoleAndMailSettings } from './settings/console-and-mail';
import { siteSettings } from './settings/site';
import { trustSettings } from './settings/trust';
import { ssoProblem, ssoSettings } from './settings/sso';

/** The only reader of process.env (architecture guide). Parses once, fails fast listing every bad key. */
const envSchema = z.object({ ...siteSettings, ...consoleAndMailSettings, ...trustSettings, ...ssoSettings });

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Empty strings count as unset, as in most deployment tools. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '(root)');
      return `${key}: ${issue.message}`;
    });
    throw new EnvError([...new Set(issues)]);
  }
  if (result.data.INBOUND_SMTP_PORT !== undefined && !result.data.BOUNCE_DOMAIN) {
    throw new EnvError(['INBOUND_SMTP_PORT: the listener takes reports for BOUNCE_DOMAIN only; set BOUNCE_DOMAIN too']);
  }
  if (Boolean(result.data.DKIM_PRIVATE_KEY_FILE) !== Boolean(result.data.DKIM_SELECTOR)) {
    throw new EnvError(['DKIM_SELECTOR: DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR are set together (the selector names the key in DNS)']);
  }
  const sso = ssoProblem(result.data);
  if (sso) throw new EnvError([sso]);
  if (result.data.WEBHOOK_URL?.length && !result.data.WEBHOOK_SECRET) {
    throw new EnvError(['WEBHOOK_SECRET: must be set when WEBHOOK_URL is (events are signed)']);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`,
  };
}
