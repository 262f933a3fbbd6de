import { runAdminCli } from './cli/admin';
import { EnvError, parseEnv } from './env';
import { erasureLedgerFile } from './io/erasure-ledger';

/** Entry of `npm run admin -- …` (server/dist/admin-cli.js). */
try {
  const env = parseEnv();
  process.exitCode = await runAdminCli(
    process.argv.slice(2),
    {
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      webhookEndpoints: env.WEBHOOK_URL ?? [],
      // The same ledger the server writes and the console's import reads: an import never brings back the erased.
      erasureLedgerFile: erasureLedgerFile(env),
    },
    { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  );
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = error instanceof EnvError ? 2 : 3;
}
