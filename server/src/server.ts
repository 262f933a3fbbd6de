import { buildApp } from './app';
import { EnvError, parseEnv } from './env';
import { greeting, mailHostOf } from './greeting';
import { runtimeWarning, startupWarnings } from './startup-warnings';

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
  for (const warning of startupWarnings(env)) app.log.warn(warning);
  const runtime = runtimeWarning();
  if (runtime) app.log.warn(runtime);
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
  // A person at a terminal is told where things are; a machine reading the log gets the JSON lines alone.
  if (process.stdout.isTTY) {
    const owners = (await app.stores.operatorAccounts.list()).filter((o) => o.role === 'owner').length;
    const localHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    const localUrl = `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${env.PORT}`;
    process.stdout.write(
      `${greeting({ localUrl, siteUrl: env.SITE_URL, database: app.database.description, mailHost: mailHostOf(env.SMTP_URL), owners })}\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
