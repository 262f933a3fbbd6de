import type { CrmProvider } from '@waitlist/contract';

/** What the CRM adapters (hubspot.ts, pipedrive.ts) take and give; services/crm.ts builds the people and reads the outcomes. */

/** A property of ours the CRM must have (created when missing): its name there, label and kind of value. */
export interface CrmPropertySpec {
  name: string;
  label: string;
  type: 'string' | 'text' | 'number' | 'datetime';
}

/** One person as we send them: the address (the contact's key), the company by work domain, the mapped properties. */
export interface CrmPerson {
  signupId: number;
  email: string;
  /** The registrable work domain; null for a free-mail address (no company). */
  companyDomain: string | null;
  /** The company's name as shown (from the domain). */
  companyName: string | null;
  /** Property name → value; null clears the property there. */
  properties: Record<string, string | number | null>;
  /** The CRM's record of them from an earlier push, if any. */
  crmId: string | null;
}

/** Why the CRM did not take a request: `retry` (429, 5xx, no answer) is tried again later, `refused` is not. */
export class CrmRequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'retry' | 'refused',
    readonly status: number | null,
    /** How long the CRM asked us to wait (Retry-After, its rate-limit window). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CrmRequestError';
  }
}

export type CrmPushResult =
  | { signupId: number; ok: true; crmId: string; created: boolean }
  | {
      signupId: number;
      ok: false;
      error: CrmRequestError;
      /** The CRM has no record of the id we kept (deleted there by hand): forget it, and find or make them again. */
      gone?: boolean;
    };

/** The answer of one exchange, in a line, for the console's list of attempts. */
export interface CrmExchange {
  people: number;
  ok: boolean;
  answer: string;
}

export interface CrmCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** A connected CRM. Each method speaks the vendor's documented API; every request passes the client's pace. */
export interface CrmClient {
  readonly provider: CrmProvider;
  /** Cheap reads that tell whether the token works and may do what we need, each in words. */
  check(): Promise<CrmCheck[]>;
  /** Creates the properties that are missing; returns the names it created. */
  ensureProperties(specs: readonly CrmPropertySpec[]): Promise<string[]>;
  /** Creates or updates each person (never a second record of one address), with their company associated. */
  push(people: readonly CrmPerson[], companies: CrmCompanyCache): Promise<CrmPushResult[]>;
  /** Deletes a record as the vendor documents for erasure; `gone` when the CRM had none. */
  remove(crmId: string): Promise<'deleted' | 'gone'>;
}

/** The companies already found or made in the CRM, by domain (db: crm_companies). */
export interface CrmCompanyCache {
  get(domains: readonly string[]): Promise<Map<string, string>>;
  record(domain: string, crmId: string): Promise<void>;
}
