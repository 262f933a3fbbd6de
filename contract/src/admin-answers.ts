import * as z from 'zod/mini';

/**
 * The console reads every answer of the admin API through its schema here or beside its type (issue 46 item 5):
 * `AnswerSchema` is what `request` in web/src/features/admin/api/client.ts takes, and the routes declare the same schema
 * as their response, so a changed answer fails a test on both sides, not a founder's screen.
 */
export type AnswerSchema = z.ZodMiniType;
export type AnswerOf<S extends AnswerSchema> = z.infer<S>;

/** POST /campaigns/:id/resume and /waves/:id/resume: how many waiting mails go on. */
export const adminResumedSchema = z.object({ resumed: z.number() });
/** POST /sessions/end-others: how many other sessions were ended. */
export const adminSessionsEndedSchema = z.object({ ended: z.number() });
/** POST /signups/erase: who was erased and which ids were not found. */
export const adminBulkEraseAnswerSchema = z.object({ erased: z.array(z.number()), missing: z.array(z.number()) });
/** POST /signups/status: whose status changed and which ids were not found. */
export const adminStatusChangeAnswerSchema = z.object({ changed: z.array(z.number()), missing: z.array(z.number()) });
/** POST /me/passkeys: the passkey added. */
export const adminPasskeyAddedSchema = z.object({ id: z.number() });
/** GET /audit/operators: everyone the audit trail names, for its filter. */
export const adminAuditActorsSchema = z.object({ items: z.array(z.object({ id: z.number(), email: z.string() })) });
