import type { OperatorAccounts } from '../db/stores/operator-accounts';
import { MAIL_TOPICS } from './signup-events';
import type { Change } from './use-case';

/** What changed that lets someone into the console for longer than a session (issue 47 item 4). */
export type LastingChange = 'api-key' | 'sso-policy';

/**
 * Every owner but the one who made the change is mailed about it, in the change's transaction (the outbox): a stolen or
 * unattended owner session that mints a key or changes who signs in how is seen by the others at once.
 */
export async function tellOtherOwners(
  change: Change,
  accounts: Pick<OperatorAccounts, 'ownerIds'>,
  actorId: number,
  what: LastingChange,
  detail: string,
): Promise<void> {
  const others = (await accounts.ownerIds(change.trx)).filter((id) => id !== actorId);
  await change.mail(
    others.map((operatorId) => ({
      signupId: null,
      topic: MAIL_TOPICS.operatorCredentialMade,
      payload: { operatorId, actorId, what, detail: detail.slice(0, 300) },
      at: change.at,
    })),
  );
}
