import type { AdminMailHealth } from '@waitlist/contract';

/**
 * `npm run mail:check`: the mail health check on a terminal (issue 35 item 6). Each check with PASS or FAIL and why,
 * then the exact records to publish (those that fail first). Exit code 0 only when every check passes.
 */
export function formatMailHealth(health: AdminMailHealth): string {
  const width = Math.max(...health.checks.map((c) => c.host.length));
  const lines = health.checks.map((c) => `${c.pass ? 'PASS' : 'FAIL'}  ${c.name.padEnd(9)}  ${c.host.padEnd(width)}  ${c.detail}`);
  const toPublish = [...health.checks].sort((a, b) => Number(a.pass) - Number(b.pass));
  const record = (c: AdminMailHealth['checks'][number]) =>
    `  ${c.pass ? '(in place) ' : ''}${c.publish.host}.  ${c.publish.type}  ${c.publish.type === 'TXT' ? JSON.stringify(c.publish.value) : c.publish.value}`;
  return [
    ...lines,
    '',
    health.pass
      ? 'Every check passes.'
      : `${health.checks.filter((c) => !c.pass).length} of ${health.checks.length} checks fail. The records to publish:`,
    ...(health.pass ? [] : toPublish.map(record)),
    '',
  ].join('\n');
}

export async function runMailCheck(check: () => Promise<AdminMailHealth>, out: { write(text: string): unknown }): Promise<number> {
  const health = await check();
  out.write(formatMailHealth(health));
  return health.pass ? 0 : 1;
}
