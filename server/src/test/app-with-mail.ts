import type { DialectName } from '../db/connection';
import { useTestApp, type EnvOverrides, type TestAppHandle } from './app';
import type { TestDatabase } from './databases';
import { useTestSmtp, type TestSmtpServer } from './smtp';

/**
 * The app and a real SMTP server it sends to (its SMTP_URL), started before the app and closed after it: the set-up of
 * every test that reads the mail the app sends (issue 50: one set-up, where sixteen files each wrote both). `overrides`
 * as useTestApp's, given the SMTP server too.
 */
export function useTestAppWithMail(
  dialect: DialectName,
  overrides: EnvOverrides | ((testDb: TestDatabase, smtp: TestSmtpServer) => EnvOverrides) = {},
  options: Parameters<typeof useTestApp>[2] = {},
): { smtp: TestSmtpServer; suite: TestAppHandle } {
  const smtp = useTestSmtp();
  const suite = useTestApp(
    dialect,
    (testDb) => ({ SMTP_URL: smtp.url, ...(typeof overrides === 'function' ? overrides(testDb, smtp) : overrides) }),
    options,
  );
  return { smtp, suite };
}
