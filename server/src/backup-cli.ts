import { runBackupCli } from './cli/backup';
import { EnvError, parseEnv } from './env';

/** Entry of `npm run backup -- …` (server/dist/backup-cli.js). */
try {
  process.exitCode = await runBackupCli(process.argv.slice(2), parseEnv(), { stdout: process.stdout, stderr: process.stderr });
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = error instanceof EnvError ? 2 : 3;
}
