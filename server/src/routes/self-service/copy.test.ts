import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_COPY, selfServiceCopy } from './copy';

describe('self-service copy', () => {
  it('names the brand as the site config does', async () => {
    // Loaded at run time: the web config's asset imports only resolve under Vite, not in the server's typecheck.
    const siteConfigPath = '../../../../web/src/config/site';
    const { siteConfig } = (await import(/* @vite-ignore */ siteConfigPath)) as { siteConfig: { name: string } };
    for (const copy of Object.values(SELF_SERVICE_COPY)) expect(copy.brand).toBe(siteConfig.name);
  });

  it('falls back to English for a locale without copy', () => {
    expect(selfServiceCopy('xx')).toBe(SELF_SERVICE_COPY.en);
  });
});
