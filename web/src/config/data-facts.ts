/** Facts about how we handle data that the privacy policy states in every language (keep them true). */

/** Days an unconfirmed sign-up is kept after its confirmation mail: the server's UNCONFIRMED_RETENTION_DAYS (keep them equal). */
export const UNCONFIRMED_RETENTION_DAYS = 30;

/**
 * The company that delivers our mail (the relay behind the server's SMTP_URL), named on the privacy page as a
 * sub-processor; null while none is configured.
 */
export const MAIL_SUB_PROCESSOR = null as { name: string; location: string } | null;
