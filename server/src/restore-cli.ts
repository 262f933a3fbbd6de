import { runRestoreCli } from './cli/backup';
import { EnvError, parseEnv } from './env';

/** Entry of `npm run restore -- …` (server/dist/restore-cli.js). */
try {
  process.exitCode = await runRestoreCli(process.argv.slice(2), parseEnv(), { stdout: process.stdout, stderr: process.stderr });
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = error instanceof EnvError ? 2 : 3;
}
