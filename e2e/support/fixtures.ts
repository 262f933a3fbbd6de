import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { DESKTOP, emptyProblems, launchBrowser, recordProblems, type PageProblems } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

export { DIALECTS } from '../../server/src/test/databases';

/** Built servers of one test file, one per distinct set of options, started on first use, stopped after the file. */
export interface ServerPool {
  get(options?: Pick<StartServerOptions, 'dialect' | 'env'>): Promise<RunningServer>;
}

/**
 * The e2e fixtures, written once: one Chromium per file, the built server (per test file and options), and a
 * fresh browser context and page per test that record console errors, CSP violations and requests.
 *
 * Per describe block: `test.override('serverOptions', { dialect })`, `test.override('contextOptions', PHONE)`.
 */
export const test = base
  // Vitest reads a fixture's dependencies from its destructured first argument; `{}` says "none".
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  // eslint-disable-next-line no-empty-pattern
  .extend('servers', { scope: 'file' }, async ({}, { onCleanup }): Promise<ServerPool> => {
    const started = new Map<string, Promise<RunningServer>>();
    onCleanup(async () => {
      const servers = await Promise.allSettled(started.values());
      for (const s of servers) if (s.status === 'fulfilled') await s.value.stop();
    });
    return {
      get(options = {}) {
        const key = JSON.stringify([options.dialect ?? 'sqlite', options.env ?? {}]);
        if (!started.has(key)) started.set(key, startServer(options));
        return started.get(key)!;
      },
    };
  })
  .extend('serverOptions', {} as Pick<StartServerOptions, 'dialect' | 'env'>)
  .extend('server', async ({ servers, serverOptions }): Promise<RunningServer> => servers.get(serverOptions))
  .extend('contextOptions', DESKTOP as BrowserContextOptions)
  .extend('context', async ({ browser, contextOptions }, { onCleanup }): Promise<BrowserContext> => {
    const context = await browser.newContext(contextOptions);
    onCleanup(() => context.close());
    return context;
  })
  .extend('problems', (): PageProblems => emptyProblems())
  .extend('page', async ({ context, problems }): Promise<Page> => {
    const page = await context.newPage();
    await recordProblems(page, problems);
    return page;
  });

export { describe, expect } from 'vitest';
