import { campaignMessageSchema, ownWordsSchema, type CampaignMessage, type OwnWords } from '@waitlist/contract';
import type { Database } from '../db/connection';
import { createBatchedRead } from '../db/batched-read';
import { DELIVERY_BATCH_WINDOW_MS } from '../db/group-commit';
import type { Stores } from '../db/stores';
import type { DigestFacts } from '../db/stores/signup-insight';
import type { DocumentRequestRow } from '../db/stores/document-requests';
import type { SignupRow } from '../db/stores/signups';
import type { OperatorMailReader } from '../db/stores/operator-recipients';
import type { IssuedToken } from '../lib/tokens';
import type { UseCases } from './use-case';

/** The reads and writes composing a mail needs; implemented over the signups, person_tokens and operators tables. */
export interface MailSource {
  recipient(signupId: number): Promise<SignupRow | undefined>;
  /** The label of the partner code a person joined with (who invited them), if any. */
  partnerLabel(partnerCodeId: number): Promise<string | undefined>;
  saveTokens(signupId: number, tokens: readonly IssuedToken[]): Promise<void>;
  /** An operator's address (undefined: removed since the mail was queued). */
  operatorEmail(operatorId: number): Promise<string | undefined>;
  /** An operator's address and whether they see people's whole addresses (a viewer gets them masked in mail too). */
  operatorReader(operatorId: number): Promise<OperatorMailReader | undefined>;
  /** The console's owners' addresses (whom an operator tells when their account is not theirs any more). */
  ownerEmails(): Promise<string[]>;
  digestFacts(until: Date): Promise<DigestFacts>;
  /** An invitation and its wave's words (undefined: withdrawn, or its person erased). */
  invitation(id: number): Promise<{ id: number; expiresAt: string; waveMessage: OwnWords | null; redeemedAt: string | null } | undefined>;
  saveInvitationLink(invitationId: number, hash: string): Promise<void>;
  /** A campaign's state and message (undefined: no such campaign). */
  campaign(id: number): Promise<{ state: string; message: CampaignMessage } | undefined>;
  /** The name of the campaign (`campaignId`) or wave (`waveId`) a payload names (undefined: gone). */
  sendName(payload: Record<string, unknown>): Promise<{ kind: 'campaign' | 'wave'; name: string } | undefined>;
  /** An open invitation of a teammate (undefined: accepted, withdrawn or gone). */
  operatorInvitation(
    id: number,
  ): Promise<{ id: number; email: string; role: 'owner' | 'member' | 'viewer'; expiresAt: string } | undefined>;
  /** The hash of the link in the invitation's mail going out now (a re-sent mail replaces the link). */
  saveOperatorInvitationLink(id: number, hash: string): Promise<void>;
  /** A buyer's request for our security documents (undefined: erased by the retention job since). */
  documentRequest(id: number): Promise<DocumentRequestRow | undefined>;
}

/**
 * What composing a mail reads and writes (delivery/render-outbox-mail.ts): the person's row, their fresh link tokens,
 * an operator's address, the digest's facts, an invitation, a campaign.
 */
export function createMailSources(database: Database, stores: Stores, useCases: UseCases): MailSource {
  // The tokens of the mails being composed at the same moment are stored in one transaction (one commit for many).
  const tokenWrites = useCases.groupCommit<{ signupId: number; tokens: readonly IssuedToken[] }>({
    windowMs: DELIVERY_BATCH_WINDOW_MS,
    async write(trx, items) {
      await stores.personTokens.saveMany(items, trx);
      return items.map(() => null);
    },
  });
  // The recipients of the mails composed in the same turn are read together (each still when its mail is composed).
  const recipients = createBatchedRead(async (ids: number[]) => {
    const rows = await stores.signups.findMany(database.db, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    recipient: recipients,
    partnerLabel: async (id) => (await stores.partnerCodes.labels(database.db, [id])).get(id),
    saveTokens: (signupId, tokens) => tokenWrites.submit({ signupId, tokens }),
    operatorEmail: (operatorId) => stores.operatorRecipients.email(database.db, operatorId),
    operatorReader: (operatorId) => stores.operatorRecipients.mailReader(database.db, operatorId),
    ownerEmails: async () => (await stores.operatorAccounts.list()).filter((o) => o.role === 'owner').map((o) => o.email),
    digestFacts: (until) => stores.signupInsight.digestFacts(until),
    invitation: async (id) => {
      const row = await stores.invitations.find(database.db, id);
      // Stored as the contract let it in; read back the same way.
      return row && { ...row, waveMessage: row.waveMessage === null ? null : ownWordsSchema.parse(JSON.parse(row.waveMessage)) };
    },
    saveInvitationLink: (invitationId, hash) => useCases.run(({ trx, at }) => stores.invitations.saveLink(trx, invitationId, hash, at)),
    operatorInvitation: (id) => stores.operatorInvitations.forMail(database.db, id),
    saveOperatorInvitationLink: (id, hash) => useCases.run(({ trx }) => stores.operatorInvitations.setTokenHash(trx, id, hash)),
    documentRequest: (id) => stores.documentRequests.find(database.db, id),
    sendName: async (payload) => {
      if (typeof payload.campaignId === 'number') {
        const row = await stores.campaigns.find(database.db, payload.campaignId);
        return row && { kind: 'campaign', name: row.name };
      }
      const wave = (await stores.invitations.waves()).find((w) => w.id === Number(payload.waveId));
      return wave && { kind: 'wave', name: wave.name };
    },
    campaign: async (id) => {
      const row = await stores.campaigns.find(database.db, id);
      return row && { state: row.state, message: campaignMessageSchema.parse(row.message) };
    },
  };
}
