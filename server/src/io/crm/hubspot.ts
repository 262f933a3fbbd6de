import { createCrmHttp, readCheck, withoutAddresses } from './http';
import { CrmRequestError, type CrmClient, type CrmCompanyCache, type CrmPerson, type CrmPropertySpec, type CrmPushResult } from './types';

/**
 * HubSpot's CRM API v3 with a private app's access token (Bearer): new contacts upserted in batches of up to 100 by e-mail
 * (`POST /crm/v3/objects/contacts/batch/upsert`, idProperty email: never a second contact of one address), those we made
 * updated by their id (`batch/update`: a corrected address moves with the contact), companies
 * found by domain or made, associated with the default contact-to-company association (v4), missing properties made in
 * the contact information group, and an erasure through the GDPR delete (`POST /crm/v3/objects/contacts/gdpr-delete`).
 * Private apps may make 100 requests per 10 seconds on the free and Starter plans (190 above) and search 4 a second:
 * we keep under both in each process, and wait as a 429 says (its ten-second window, or an hour for the daily limit).
 */
export const HUBSPOT_DEFAULT_URL = 'https://api.hubapi.com';
export const HUBSPOT_BATCH = 100;

interface HubSpotObject {
  id: string;
  properties?: Record<string, string | null>;
  new?: boolean;
}
interface HubSpotBatch {
  status?: string;
  results?: HubSpotObject[];
  errors?: { message?: string; context?: Record<string, string[]> }[];
}

const fieldTypeOf = (type: CrmPropertySpec['type']) =>
  ({ string: ['string', 'text'], text: ['string', 'textarea'], number: ['number', 'number'], datetime: ['datetime', 'date'] })[type];

export function createHubSpotClient({ baseUrl, token }: { baseUrl: string; token: string }): CrmClient {
  const http = createCrmHttp({
    baseUrl,
    headers: { authorization: `Bearer ${token}` },
    pace: { requests: 90, windowMs: 10_000 },
    pathPaces: [{ path: /\/search$/, requests: 4, windowMs: 1_000 }],
    // Its daily limit: try again in an hour rather than every ten seconds.
    waitAfter429: (body) =>
      body && typeof body === 'object' && 'policyName' in body && body.policyName === 'DAILY' ? 3_600_000 : undefined,
    messageOf: (body) => (body && typeof body === 'object' && 'message' in body ? String(body.message) : undefined),
  });

  /** Each domain's company in HubSpot: the cache, else a search by domain, else a new company. */
  async function companiesFor(people: readonly CrmPerson[], cache: CrmCompanyCache): Promise<Map<string, string>> {
    const domains = [...new Set(people.flatMap((p) => (p.companyDomain ? [p.companyDomain] : [])))];
    const known = await cache.get(domains);
    for (const domain of domains.filter((d) => !known.has(d))) {
      const found = await http<{ total?: number; results?: HubSpotObject[] }>('POST', '/crm/v3/objects/companies/search', {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'EQ', value: domain }] }],
        properties: ['domain', 'name'],
        limit: 1,
      });
      let id = found.body.results?.[0]?.id;
      if (!id) {
        const name = people.find((p) => p.companyDomain === domain)?.companyName ?? domain;
        id = (await http<HubSpotObject>('POST', '/crm/v3/objects/companies', { properties: { domain, name } })).body.id;
      }
      known.set(domain, id);
      await cache.record(domain, id);
    }
    return known;
  }

  return {
    provider: 'hubspot',

    async check() {
      const read = readCheck(http, 'HubSpot');
      return [
        await read('Contacts', '/crm/v3/objects/contacts?limit=1', 'read contacts (scope crm.objects.contacts.read; we also need .write)'),
        await read(
          'Companies',
          '/crm/v3/objects/companies?limit=1',
          'read companies (scope crm.objects.companies.read; we also need .write)',
        ),
        await read('Contact properties', '/crm/v3/properties/contacts', 'read contact properties (scope crm.schemas.contacts.read)'),
      ];
    },

    async ensureProperties(specs) {
      const existing = await http<{ results?: { name: string }[] }>('GET', '/crm/v3/properties/contacts');
      const have = new Set((existing.body.results ?? []).map((p) => p.name));
      const missing = specs.filter((s) => !have.has(s.name));
      if (missing.length === 0) return [];
      await http('POST', '/crm/v3/properties/contacts/batch/create', {
        inputs: missing.map((s) => {
          const [type, fieldType] = fieldTypeOf(s.type);
          return { name: s.name, label: s.label, type, fieldType, groupName: 'contactinformation' };
        }),
      });
      return missing.map((s) => s.name);
    },

    async push(people, cache) {
      const results: CrmPushResult[] = [];
      const propertiesOf = (p: CrmPerson) => ({
        email: p.email,
        ...Object.fromEntries(Object.entries(p.properties).map(([k, v]) => [k, v === null ? '' : String(v)])),
      });
      for (let start = 0; start < people.length; start += HUBSPOT_BATCH) {
        const batch = people.slice(start, start + HUBSPOT_BATCH);
        const companies = await companiesFor(batch, cache);
        const pushed: { person: CrmPerson; id: string; created: boolean }[] = [];
        const refuse = (person: CrmPerson, status: number, message: string, gone = false) =>
          results.push({
            signupId: person.signupId,
            ok: false,
            error: new CrmRequestError(`HTTP ${status}: ${message}`, 'refused', status),
            gone,
          });
        // A contact we made is updated by its id, so a corrected address moves with it (an upsert by the new address
        // would make a second contact and leave the old address there).
        const known = batch.filter((p) => p.crmId !== null);
        if (known.length > 0) {
          const answer = await http<HubSpotBatch>('POST', '/crm/v3/objects/contacts/batch/update', {
            inputs: known.map((p) => ({ id: p.crmId, properties: propertiesOf(p) })),
          });
          const byId = new Map((answer.body.results ?? []).map((r) => [r.id, r]));
          const refusal = withoutAddresses(answer.body.errors?.map((e) => e.message ?? '').join('; ') || 'HubSpot has no such contact');
          for (const person of known) {
            if (byId.has(person.crmId!)) pushed.push({ person, id: person.crmId!, created: false });
            // Deleted in HubSpot by hand: forgotten here, and found or made by address on the next attempt.
            else refuse(person, answer.status, refusal, true);
          }
        }
        const fresh = batch.filter((p) => p.crmId === null);
        if (fresh.length > 0) {
          const answer = await http<HubSpotBatch>('POST', '/crm/v3/objects/contacts/batch/upsert', {
            inputs: fresh.map((p) => ({ idProperty: 'email', id: p.email, properties: propertiesOf(p) })),
          });
          const byEmail = new Map((answer.body.results ?? []).map((r) => [r.properties?.email?.toLowerCase() ?? '', r]));
          const sameOrder = (answer.body.results?.length ?? 0) === fresh.length && !answer.body.errors?.length;
          const refusal = withoutAddresses(
            answer.body.errors?.map((e) => e.message ?? '').join('; ') || 'HubSpot did not return this contact',
          );
          fresh.forEach((person, i) => {
            const result = byEmail.get(person.email.toLowerCase()) ?? (sameOrder ? answer.body.results![i] : undefined);
            if (result) pushed.push({ person, id: result.id, created: result.new === true });
            else refuse(person, answer.status, refusal);
          });
        }
        const associations = pushed.flatMap(({ person, id }) => {
          const company = person.companyDomain ? companies.get(person.companyDomain) : undefined;
          return company ? [{ from: { id }, to: { id: company } }] : [];
        });
        if (associations.length > 0)
          await http('POST', '/crm/v4/associations/contact/company/batch/associate/default', { inputs: associations });
        for (const { person, id, created } of pushed) results.push({ signupId: person.signupId, ok: true, crmId: id, created });
      }
      return results;
    },

    async remove(crmId) {
      try {
        await http('POST', '/crm/v3/objects/contacts/gdpr-delete', { objectId: crmId });
        return 'deleted';
      } catch (error) {
        if (error instanceof CrmRequestError && error.status === 404) return 'gone';
        throw error;
      }
    },
  };
}
