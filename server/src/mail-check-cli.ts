import { runMailCheck } from './cli/mail-check';
import { EnvError, parseEnv } from './env';
import { defaultMailFrom } from './delivery/start';
import { loadDkimSigning } from './io/dkim-key';
import { createMailHealth } from './services/mail-health';

/** Entry of `npm run mail:check` (server/dist/mail-check-cli.js): the same check as the console's Deliverability page. */
try {
  const env = parseEnv();
  const mailFrom = env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL);
  const health = createMailHealth({
    mailFrom,
    bounceDomain: env.BOUNCE_DOMAIN,
    dkim: loadDkimSigning(env, mailFrom),
    siteUrl: env.SITE_URL,
    smtpUrl: env.SMTP_URL,
    dnsServers: env.DNS_SERVERS,
  });
  process.exitCode = await runMailCheck(() => health.check(), process.stdout);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = error instanceof EnvError ? 2 : 3;
}
