import fs from 'node:fs';
import { createPrivateKey } from 'node:crypto';

/** What signs our mail (delivery/smtp-transport.ts): the domain, the selector that names the key in DNS, the key. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR, for MAIL_FROM's domain; null when unset. The key is read once at start and
 * checked (a PEM private key Node can use), so a wrong file stops the server with its name instead of every mail.
 */
export function loadDkimSigning(
  settings: { DKIM_PRIVATE_KEY_FILE?: string | undefined; DKIM_SELECTOR?: string | undefined },
  mailFrom: string,
): DkimSigning | null {
  if (!settings.DKIM_PRIVATE_KEY_FILE || !settings.DKIM_SELECTOR) return null;
  const domainName = /@([^>\s]+)/.exec(mailFrom)?.[1]?.toLowerCase();
  if (!domainName) throw new Error(`MAIL_FROM (${mailFrom}) has no domain to sign for`);
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(settings.DKIM_PRIVATE_KEY_FILE, 'utf8');
    createPrivateKey(privateKey);
  } catch (error) {
    throw new Error(
      `DKIM_PRIVATE_KEY_FILE (${settings.DKIM_PRIVATE_KEY_FILE}) is not a readable PEM private key: ${(error as Error).message}`,
    );
  }
  return { domainName, keySelector: settings.DKIM_SELECTOR, privateKey };
}
