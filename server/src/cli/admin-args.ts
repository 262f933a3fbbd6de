import { OPERATOR_ROLES, isValidEmail, normalizeEmail, type OperatorRole } from '@waitlist/contract';

/** What `npm run admin -- …` is asked, read and checked before anything touches the database (cli/admin.ts runs it). */

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  add EMAIL [--role owner|member|viewer] [--password-stdin]
                                 create an operator (default role: owner); asks for the password (hidden), or reads
                                 it from stdin
  list                           list operators with their role and second factors
  remove EMAIL                   remove an operator and end their sessions
  reset-2fa EMAIL                turn off an operator's second factors (authenticator app, recovery codes, passkeys)
                                 and end their sessions: for an owner who lost their phone
  import FILE.csv [--dry-run] [--source NAME] [--confirm-by-mail]
                                 import an existing list (columns by header: email, role, company_size,
                                 desired_outcomes separated by ";", created_at, locale); --dry-run counts what is new,
                                 already on the list and invalid without storing; --confirm-by-mail queues each new
                                 person's confirmation mail at the bulk pace

Uses DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data), like the server.
Passwords: at least 12 characters.`;

/** Exit codes: 0 done, 1 refused (exists, not found, weak password), 2 usage, 3 database or other failure. */
export const EXIT = { ok: 0, refused: 1, usage: 2, failure: 3 } as const;

export type OperatorCommand = 'add' | 'list' | 'remove' | 'reset-2fa';

/** What the arguments ask for: an import, a command on an operator, or an answer at once (help, or a usage error). */
type Parsed =
  | { kind: 'answer'; code: number; out?: string; err?: string }
  | { kind: 'import'; rest: string[]; flags: string[]; source: string | undefined }
  | { kind: 'operator'; command: OperatorCommand; email: string; role: OperatorRole; passwordStdin: boolean };

const usageError = (err: string): Parsed => ({ kind: 'answer', code: EXIT.usage, err });

/** `--role member` and `--role=member` both work; so do `--source NAME` and `--source=NAME`. */
function valueOf(name: string, list: string[]) {
  const at = list.findIndex((a) => a === name);
  const value = at >= 0 ? list[at + 1] : list.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  const rest = at >= 0 ? list.filter((_, i) => i !== at && i !== at + 1) : list.filter((a) => !a.startsWith(`${name}=`));
  return { value, rest };
}

/** The command line read and checked, before anything touches the database. */
export function parseArgs(argv: string[]): Parsed {
  const { value: roleValue, rest: withoutRole } = valueOf('--role', argv);
  const { value: source, rest: rest0 } = valueOf('--source', withoutRole);
  const flags = rest0.filter((a) => a.startsWith('--'));
  const [command, ...rest] = rest0.filter((a) => !a.startsWith('--'));
  if (!command || command === 'help' || flags.includes('--help'))
    return { kind: 'answer', code: command || flags.includes('--help') ? EXIT.ok : EXIT.usage, out: USAGE };
  const unknownFlag = flags.find(
    (f) => f !== '--password-stdin' && !(command === 'import' && ['--dry-run', '--confirm-by-mail'].includes(f)),
  );
  if (unknownFlag) return usageError(`Unknown option ${unknownFlag}\n\n${USAGE}`);
  if (!['add', 'list', 'remove', 'reset-2fa', 'import'].includes(command)) return usageError(`Unknown command "${command}"\n\n${USAGE}`);
  if (command === 'import') return { kind: 'import', rest, flags, source };
  if (roleValue !== undefined && command !== 'add') return usageError('--role only goes with "add"');
  const role = roleValue ?? 'owner';
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) return usageError(`--role must be owner, member or viewer, not "${role}"`);
  const wantsEmail = command !== 'list';
  if (rest.length !== (wantsEmail ? 1 : 0))
    return usageError(`"${command}" takes ${wantsEmail ? 'one e-mail address' : 'no arguments'}\n\n${USAGE}`);
  if (flags.includes('--password-stdin') && command !== 'add') return usageError('--password-stdin only goes with "add"');
  const email = rest[0] ? normalizeEmail(rest[0]) : '';
  if (wantsEmail && !isValidEmail(email)) return usageError(`"${rest[0]}" is not a valid e-mail address`);
  return {
    kind: 'operator',
    command: command as OperatorCommand,
    email,
    role: role as OperatorRole,
    passwordStdin: flags.includes('--password-stdin'),
  };
}
