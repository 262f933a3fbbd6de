import { UNCONFIRMED_RETENTION_DAYS } from '@waitlist/catalogue';
import { DEV_PUBLIC_KEY } from '@waitlist/contract';
import { buildApp } from './app';
import { EnvError, parseEnv } from './env';

/** Listens and shuts down gracefully; everything else is in app.ts. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ env });
  if (env.NODE_ENV === 'production' && env.WAITLIST_PUBLIC_KEY === DEV_PUBLIC_KEY) {
    app.log.warn('WAITLIST_PUBLIC_KEY is the development default; set your own key in production');
  }
  if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.SITE_URL.startsWith('https://')) {
    // Mail clients offer one-click unsubscribe only for an https List-Unsubscribe URL (RFC 8058).
    app.log.warn('SITE_URL is not https: links in mail and List-Unsubscribe should use the public https origin');
  }
  if (env.UNCONFIRMED_RETENTION_DAYS !== UNCONFIRMED_RETENTION_DAYS) {
    // The privacy page promises the catalogue's number: change catalogue/src/facts.ts and rebuild instead.
    app.log.warn(
      { configured: env.UNCONFIRMED_RETENTION_DAYS, stated: UNCONFIRMED_RETENTION_DAYS },
      'UNCONFIRMED_RETENTION_DAYS differs from what the privacy page states (catalogue/src/facts.ts)',
    );
  }
  app.log.info({ database: app.database.description }, 'database ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database (onClose)
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
