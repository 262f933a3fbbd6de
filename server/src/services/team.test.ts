import { describe, expect, it } from 'vitest';
import { sha256 } from '../lib/crypto';
import { HASHES_IN_FLIGHT, MAX_WAITING, PasswordCheckBusy, hashPassword } from '../lib/passwords';
import { useTestApp } from '../test/app';
import { addOperator, ADMIN_TEST_ENV, auditEntries, queuedMail } from '../test/console';
import { DIALECTS } from '../test/databases';
import { TeamRuleError } from './team';

/**
 * The team's use cases called as the routes and the command line call them (services/team.ts): each change commits
 * with its audit entry or not at all, a refusal is recorded as failed and changes nothing, and the console is never
 * left without an owner, not even when two owners remove each other at the same moment.
 */
describe.each(DIALECTS)('team service on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  const team = () => suite.app.services.team;
  const operatorCount = async () => (await suite.app.stores.operatorAccounts.list()).length;
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TeamRuleError);
    return (error as TeamRuleError).code;
  };

  it('adds an operator from the command line under a cli.* entry, and refuses a second one with the same address', async () => {
    const first = await addOperator(suite.app, 'first-owner@example.com');
    expect(first.role).toBe('owner');
    expect(await auditEntries(suite.app, 'cli.operator-add')).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        operator_id: null,
        target: `operator:${first.id} first-owner@example.com`,
        detail: 'owner',
      }),
    ]);

    const before = await operatorCount();
    expect(await refusal(addOperator(suite.app, 'first-owner@example.com'))).toBe('operator-exists');
    expect(await refusal(addOperator(suite.app, 'weak@example.com', 'short'))).toBe('weak-password');
    expect(await operatorCount()).toBe(before);
    expect((await auditEntries(suite.app, 'cli.operator-add')).map((e) => e.outcome)).toEqual(['ok', 'failed']);
  });

  it('invites with one mail and one entry, refuses a second open invitation, and the link makes an operator once', async () => {
    const owner = await addOperator(suite.app, 'inviting-owner@example.com');
    const actor = { operatorId: owner.id, email: owner.email };
    const mailsBefore = (await queuedMail(suite.app, 'operator-invitation')).length;

    const invitation = await team().invite(actor, 'new-member@example.com', 'member');
    const mails = await queuedMail(suite.app, 'operator-invitation');
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.payload).toMatchObject({ invitationId: invitation.id, inviterId: owner.id });
    expect(await auditEntries(suite.app, 'operator.invite')).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        operator_id: owner.id,
        target: `invitation:${invitation.id} new-member@example.com`,
        detail: 'member',
      }),
    ]);

    expect(await refusal(team().invite(actor, 'new-member@example.com', 'viewer'))).toBe('invitation-open');
    expect(await refusal(team().invite(actor, owner.email, 'viewer'))).toBe('operator-exists');
    expect(await queuedMail(suite.app, 'operator-invitation')).toHaveLength(mailsBefore + 1);
    expect((await auditEntries(suite.app, 'operator.invite')).map((e) => [e.outcome, e.detail])).toEqual([
      ['ok', 'member'],
      ['failed', 'invitation-open'],
      ['failed', 'operator-exists'],
    ]);

    // The mail's renderer stores the link's hash when it sends; here the test plays that part.
    const token = 'a-link-token-from-the-invitation-mail';
    await suite.app.stores.operatorInvitations.setTokenHash(suite.app.database.db, invitation.id, sha256(token));
    expect(await refusal(team().acceptInvitation(token, 'short'))).toBe('weak-password');
    const joined = await team().acceptInvitation(token, 'a long passphrase of the new member');
    expect(joined).toEqual({ operatorId: expect.any(Number), email: 'new-member@example.com', role: 'member' });
    expect(await refusal(team().acceptInvitation(token, 'a long passphrase of the new member'))).toBe('bad-link');
    expect(await auditEntries(suite.app, 'operator.join')).toEqual([
      expect.objectContaining({ outcome: 'ok', operator_id: joined.operatorId, target: `invitation:${invitation.id}`, detail: 'member' }),
    ]);
  });

  it('never leaves the console without an owner: the last owner can neither leave nor step down, and the refusal is recorded', async () => {
    const suiteOwners = (await suite.app.stores.operatorAccounts.list()).filter((o) => o.role === 'owner');
    // Down to one owner first: every other owner of this suite becomes a viewer.
    const [last, ...others] = suiteOwners;
    for (const other of others) await team().changeRole({ operatorId: last!.id }, other.id, 'viewer');

    expect(await refusal(team().remove('cli', last!.id))).toBe('last-owner');
    expect(await refusal(team().changeRole({ operatorId: last!.id }, last!.id, 'member'))).toBe('last-owner');
    expect((await suite.app.stores.operatorAccounts.find(suite.app.database.db, last!.id))?.role).toBe('owner');
    expect((await auditEntries(suite.app, 'cli.operator-remove')).at(-1)).toMatchObject({ outcome: 'failed', detail: 'last-owner' });
    expect((await auditEntries(suite.app, 'operator.role')).at(-1)).toMatchObject({ outcome: 'failed', detail: 'last-owner' });
    expect(await refusal(team().remove('cli', 999_999))).toBe('not-found');
  });

  it('lets exactly one of two owners who remove each other at the same moment go through', async () => {
    const a = await addOperator(suite.app, 'racing-owner-a@example.com');
    const b = await addOperator(suite.app, 'racing-owner-b@example.com');
    // Only these two are owners: the others step down.
    for (const o of await suite.app.stores.operatorAccounts.list()) {
      if (o.role === 'owner' && o.id !== a.id && o.id !== b.id) await team().changeRole({ operatorId: a.id }, o.id, 'viewer');
    }
    const results = await Promise.allSettled([
      team().remove({ operatorId: a.id, email: a.email }, b.id),
      team().remove({ operatorId: b.id, email: b.email }, a.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as TeamRuleError).code).toBe('last-owner');
    const owners = (await suite.app.stores.operatorAccounts.list()).filter((o) => o.role === 'owner');
    expect(owners).toHaveLength(1);
    expect([a.id, b.id]).toContain(owners[0]!.id);
  });

  it("resets another's second factors: codes and passkeys gone, their sessions ended, under cli.* from the command line", async () => {
    const member = await addOperator(suite.app, 'lost-phone@example.com', undefined, 'member');
    const { database, stores } = suite.app;
    await stores.operatorCredentials.replaceRecoveryCodes(database.db, member.id, ['hash-one', 'hash-two'], new Date().toISOString());
    const sessions = suite.app.services.operatorSessions;
    const session = await sessions.open(database.db, member.id, 'test');
    expect(await sessions.resolve(session.token)).toBeDefined();

    await team().resetSecondFactor('cli', member.id);
    expect(await stores.operatorCredentials.unusedRecoveryCodes(member.id)).toBe(0);
    expect(await sessions.resolve(session.token)).toBeUndefined();
    expect((await auditEntries(suite.app, 'cli.two-factor-reset')).at(-1)).toMatchObject({
      outcome: 'ok',
      operator_id: null,
      target: `operator:${member.id} lost-phone@example.com`,
    });
  });

  it("withdraws an owner's open invitations when they stop being one, so their link no longer makes an operator", async () => {
    const founder = await addOperator(suite.app, 'stepping-down@example.com');
    const other = await addOperator(suite.app, 'staying-owner@example.com');
    const invitation = await team().invite({ operatorId: founder.id, email: founder.email }, 'invited-by-leaver@example.com', 'viewer');
    const token = 'a-link-token-of-the-leaving-owner';
    await suite.app.stores.operatorInvitations.setTokenHash(suite.app.database.db, invitation.id, sha256(token));

    await team().changeRole({ operatorId: other.id }, founder.id, 'member');
    expect((await auditEntries(suite.app, 'operator.role')).at(-1)).toMatchObject({
      outcome: 'ok',
      detail: 'owner → member; 1 open invitations withdrawn',
    });
    expect(await refusal(team().acceptInvitation(token, 'a long passphrase of the invitee'))).toBe('bad-link');
  });

  it('checks the link before it spends a password hash: a bad link is refused even while hashing is saturated, a good one is told to wait', async () => {
    const owner = await addOperator(suite.app, 'busy-inviter@example.com');
    const invitation = await team().invite({ operatorId: owner.id, email: owner.email }, 'joins-when-busy@example.com', 'viewer');
    const token = 'a-link-token-while-busy';
    await suite.app.stores.operatorInvitations.setTokenHash(suite.app.database.db, invitation.id, sha256(token));
    // Every hashing slot and every waiting place taken (lib/passwords.ts), until these finish.
    const saturating = Array.from({ length: HASHES_IN_FLIGHT + MAX_WAITING }, () =>
      hashPassword('a long password to hash').catch(() => undefined),
    );
    try {
      expect(await refusal(team().acceptInvitation('not-a-link-of-ours', 'a long passphrase of the invitee'))).toBe('bad-link');
      await expect(team().acceptInvitation(token, 'a long passphrase of the invitee')).rejects.toBeInstanceOf(PasswordCheckBusy);
    } finally {
      await Promise.all(saturating);
    }
    // Once the server breathes again, the same link works.
    expect(await team().acceptInvitation(token, 'a long passphrase of the invitee')).toMatchObject({
      email: 'joins-when-busy@example.com',
    });
    // Sixty-six hashes to wait for: on a loaded 2-core machine that is more than the default 30 s.
  }, 120_000);

  it("never gives a removed operator's id to the next one, so the trail keeps who did what", async () => {
    const leaver = await addOperator(suite.app, 'newest-then-removed@example.com', undefined, 'member');
    await team().setOwnMailSettings({ operatorId: leaver.id }, { notify_on_confirm: true, notify_digest: false });
    await team().remove('cli', leaver.id);
    const next = await addOperator(suite.app, 'next-after-removal@example.com', undefined, 'member');
    expect(next.id).toBeGreaterThan(leaver.id);
    const entries = await auditEntries(suite.app, 'settings.own-mail');
    expect(entries.filter((e) => e.operator_id === leaver.id)).toHaveLength(1);
    expect(entries.filter((e) => e.operator_id === next.id)).toHaveLength(0);
  });
});
