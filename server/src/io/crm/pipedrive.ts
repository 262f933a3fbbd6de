import { createCrmHttp, readCheck } from './http';
import { CrmRequestError, type CrmClient, type CrmCompanyCache, type CrmPerson, type CrmPropertySpec, type CrmPushResult } from './types';

/**
 * Pipedrive's API with a user's API token (the `x-api-token` header) at the company's own host
 * (https://COMPANY.pipedrive.com, or PIPEDRIVE_API_URL): persons through API v2 (search by e-mail before making one:
 * Pipedrive has no upsert, so a person is made once and then updated by id), organisations found by name or made,
 * custom person fields through v1's personFields (found by name, made when missing), and an erasure as Pipedrive's
 * person delete (`DELETE /api/v2/persons/{id}`). Requests keep under Pipedrive's burst limit per 2 seconds (the lowest plan's 20, search's 10) and wait as
 * a 429's x-ratelimit-reset says.
 */
export const pipedriveDefaultUrl = (companyDomain: string) => `https://${companyDomain}.pipedrive.com`;

interface PipedriveAnswer<T> {
  success?: boolean;
  data?: T;
  error?: string;
  error_info?: string;
}
interface Found {
  items?: { item?: { id: number } }[];
}
interface PersonField {
  key: string;
  name: string;
  field_type?: string;
}

const fieldTypeOf = (type: CrmPropertySpec['type']) => ({ string: 'varchar', text: 'text', number: 'double', datetime: 'varchar' })[type];
/** A custom field's key is a 40-character hash; anything else names one of Pipedrive's own person fields. */
const CUSTOM_KEY = /^[0-9a-f]{40}$/;

export function createPipedriveClient({ baseUrl, token }: { baseUrl: string; token: string }): CrmClient {
  const http = createCrmHttp({
    baseUrl,
    headers: { 'x-api-token': token },
    pace: { requests: 8, windowMs: 2_000 },
    messageOf: (body) => {
      if (!body || typeof body !== 'object') return undefined;
      const { error, error_info: info } = body as PipedriveAnswer<unknown>;
      return error ? (info ? `${error} (${info})` : error) : undefined;
    },
  });
  /** Property name → the field's key, read once per client (names owners mapped to, and ours). */
  let fieldKeys: Map<string, string> | undefined;
  const readFields = async () => {
    const answer = await http<PipedriveAnswer<PersonField[]>>('GET', '/api/v1/personFields?limit=500');
    fieldKeys = new Map(
      (answer.body.data ?? []).flatMap(
        (f) =>
          [
            [f.name, f.key],
            [f.key, f.key],
          ] as [string, string][],
      ),
    );
    return fieldKeys;
  };

  async function organisationFor(person: CrmPerson, cache: CrmCompanyCache): Promise<number | null> {
    if (!person.companyDomain) return null;
    const known = (await cache.get([person.companyDomain])).get(person.companyDomain);
    if (known) return Number(known);
    const name = person.companyName ?? person.companyDomain;
    const found = await http<PipedriveAnswer<Found>>(
      'GET',
      `/api/v2/organizations/search?${new URLSearchParams({ term: name, fields: 'name', exact_match: 'true', limit: '1' })}`,
    );
    let id = found.body.data?.items?.[0]?.item?.id;
    if (id === undefined) id = (await http<PipedriveAnswer<{ id: number }>>('POST', '/api/v2/organizations', { name })).body.data?.id;
    if (id === undefined) throw new CrmRequestError('Pipedrive made no organisation', 'retry', null);
    await cache.record(person.companyDomain, String(id));
    return id;
  }

  /** The body of a person: our values in their fields (custom ones under custom_fields, Pipedrive's own at the top). */
  async function bodyOf(person: CrmPerson, orgId: number | null, creating: boolean) {
    const keys = fieldKeys ?? (await readFields());
    const custom: Record<string, string | number | null> = {};
    const own: Record<string, string | number | null> = {};
    for (const [name, value] of Object.entries(person.properties)) {
      const key = keys.get(name) ?? name;
      if (CUSTOM_KEY.test(key)) custom[key] = value;
      else own[key] = value;
    }
    return {
      ...own,
      // Pipedrive needs a name; we ask for none, so a new person is named by their address (founders may rename them).
      ...(creating ? { name: person.email } : {}),
      // Always the address we have: a corrected one replaces the old one there.
      emails: [{ value: person.email, primary: true, label: 'work' }],
      ...(orgId === null ? {} : { org_id: orgId }),
      ...(Object.keys(custom).length > 0 ? { custom_fields: custom } : {}),
    };
  }

  async function pushOne(person: CrmPerson, cache: CrmCompanyCache): Promise<CrmPushResult> {
    try {
      const orgId = await organisationFor(person, cache);
      let id = person.crmId;
      if (id !== null) {
        try {
          await http('PATCH', `/api/v2/persons/${encodeURIComponent(id)}`, await bodyOf(person, orgId, false));
          return { signupId: person.signupId, ok: true, crmId: id, created: false };
        } catch (error) {
          if (!(error instanceof CrmRequestError && error.status === 404)) throw error;
          id = null; // deleted in Pipedrive by hand: found again by address, or made again
        }
      }
      const found = await http<PipedriveAnswer<Found>>(
        'GET',
        `/api/v2/persons/search?${new URLSearchParams({ term: person.email, fields: 'email', exact_match: 'true', limit: '1' })}`,
      );
      const existing = found.body.data?.items?.[0]?.item?.id;
      if (existing !== undefined) {
        await http('PATCH', `/api/v2/persons/${existing}`, await bodyOf(person, orgId, false));
        return { signupId: person.signupId, ok: true, crmId: String(existing), created: false };
      }
      const made = await http<PipedriveAnswer<{ id: number }>>('POST', '/api/v2/persons', await bodyOf(person, orgId, true));
      const madeId = made.body.data?.id;
      if (madeId === undefined) throw new CrmRequestError('Pipedrive answered without the new person', 'retry', made.status);
      return { signupId: person.signupId, ok: true, crmId: String(madeId), created: true };
    } catch (error) {
      if (error instanceof CrmRequestError) return { signupId: person.signupId, ok: false, error };
      throw error;
    }
  }

  return {
    provider: 'pipedrive',

    async check() {
      const read = readCheck(http, 'Pipedrive');
      return [
        await read('Token', '/api/v1/users/me', 'sign in as its user'),
        await read('Persons', '/api/v2/persons?limit=1', 'read persons'),
        await read('Person fields', '/api/v1/personFields?limit=1', 'read person fields'),
      ];
    },

    async ensureProperties(specs) {
      const keys = await readFields();
      const missing = specs.filter((s) => !keys.has(s.name));
      for (const spec of missing) {
        const made = await http<PipedriveAnswer<PersonField>>('POST', '/api/v1/personFields', {
          name: spec.name,
          field_type: fieldTypeOf(spec.type),
        });
        if (made.body.data?.key) keys.set(spec.name, made.body.data.key);
      }
      return missing.map((s) => s.name);
    },

    async push(people, cache) {
      const results: CrmPushResult[] = [];
      for (const person of people) {
        const result = await pushOne(person, cache);
        results.push(result);
        // Pipedrive says slow down: the rest of the round waits for the next attempt instead of hitting the limit again.
        if (!result.ok && result.error.status === 429) {
          for (const rest of people.slice(results.length)) results.push({ signupId: rest.signupId, ok: false, error: result.error });
          break;
        }
      }
      return results;
    },

    async remove(crmId) {
      try {
        await http('DELETE', `/api/v2/persons/${encodeURIComponent(crmId)}`);
        return 'deleted';
      } catch (error) {
        if (error instanceof CrmRequestError && error.status === 404) return 'gone';
        throw error;
      }
    },
  };
}
