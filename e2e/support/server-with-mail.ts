import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../server/src/test/smtp';
import { launchBrowser } from './browser';
import { freePort, startServer, type RunningServer } from './server';

/**
 * In a describe block: a real SMTP server, the built server sending to it (SITE_URL is the server's own origin,
 * so the links in its mail lead back to it) and Chromium; all stopped after the suite.
 */
export function useServerWithMail(
  options: {
    dialect?: 'sqlite' | 'postgres';
    env?: Record<string, string>;
    /** The host SITE_URL names (passkeys need a domain: `localhost`, not an IP address). Default 127.0.0.1. */
    siteHost?: string;
  } = {},
) {
  let smtp: TestSmtpServer | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const port = await freePort();
    server = await startServer({
      ...(options.dialect ? { dialect: options.dialect } : {}),
      port,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Innovate <hello@example.com>',
        SITE_URL: `http://${options.siteHost ?? '127.0.0.1'}:${port}`,
        ...options.env,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (server && (server.process.exitCode !== null || process.env.PRINT_SERVER_LOGS)) console.error(server.logs());
    await server?.stop();
    await smtp?.close();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('not set up yet: use it inside a test or a hook');
    return value;
  };
  return {
    get smtp() {
      return ready(smtp);
    },
    get server() {
      return ready(server);
    },
    get browser() {
      return ready(browser);
    },
  };
}
