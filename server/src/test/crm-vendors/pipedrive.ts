import { randomBytes } from 'node:crypto';
import { serve, type Answer, type FakeVendor, type VendorRequest } from './serve';

/** Pipedrive's API v2 persons and organizations, v1 personFields and users/me, as documented (serve.ts says what is checked). */
/** Pipedrive's error body. */
const pipedriveError = (status: number, error: string, info?: string): Answer => ({
  status,
  body: { success: false, error, ...(info ? { error_info: info } : {}), data: null, additional_data: null },
});

const PIPEDRIVE_FIELD_TYPES = [
  'varchar',
  'varchar_auto',
  'text',
  'double',
  'monetary',
  'date',
  'daterange',
  'time',
  'timerange',
  'enum',
  'set',
  'phone',
  'address',
  'org',
  'people',
  'user',
];

export interface FakePipedrive extends FakeVendor {
  persons: Map<
    number,
    {
      id: number;
      name: string;
      emails: { value: string; primary: boolean; label: string }[];
      org_id: number | null;
      custom_fields: Record<string, unknown>;
      job_title?: unknown;
    }
  >;
  organizations: Map<number, { id: number; name: string }>;
  /** Field name → key. */
  fields: Map<string, { key: string; field_type: string }>;
  deleted: number[];
}

export async function startFakePipedrive(token: string): Promise<FakePipedrive> {
  let next = 1;
  const persons: FakePipedrive['persons'] = new Map();
  const organizations = new Map<number, { id: number; name: string }>();
  const fields = new Map<string, { key: string; field_type: string }>([
    ['Name', { key: 'name', field_type: 'varchar' }],
    ['Email', { key: 'email', field_type: 'varchar' }],
    ['Job title', { key: 'job_title', field_type: 'varchar' }],
  ]);
  const deleted: number[] = [];
  const customKeys = () => new Set([...fields.values()].map((f) => f.key).filter((k) => /^[0-9a-f]{40}$/.test(k)));
  const ok = (data: unknown, extra: Record<string, unknown> = {}): Answer => ({ status: 200, body: { success: true, data, ...extra } });

  const checkPerson = (body: Record<string, unknown>, creating: boolean): string | null => {
    if (creating && (typeof body.name !== 'string' || !body.name)) return 'Name must be given';
    if (body.emails !== undefined) {
      if (!Array.isArray(body.emails) || body.emails.some((e: { value?: unknown }) => typeof e?.value !== 'string'))
        return 'emails must be a list of {value, primary, label}';
    }
    if (body.org_id !== undefined && !organizations.has(Number(body.org_id))) return 'Organization not found';
    const custom = (body.custom_fields ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(custom)) if (!customKeys().has(key)) return `Unknown custom field: ${key}`;
    for (const key of Object.keys(body))
      if (!['name', 'emails', 'org_id', 'custom_fields', 'job_title', 'owner_id', 'phones'].includes(key)) return `Unknown field: ${key}`;
    return null;
  };

  const handle = (r: VendorRequest): Answer => {
    if (r.headers['x-api-token'] !== token)
      return {
        ...pipedriveError(401, 'unauthorized access'),
        body: { success: false, error: 'unauthorized access', errorCode: 401, error_info: 'Please check developers.pipedrive.com' },
      };
    const body = (r.body ?? {}) as Record<string, unknown>;
    const route = `${r.method} ${r.path.replace(/\/\d+$/, '/:id')}`;
    const id = Number(/\/(\d+)$/.exec(r.path)?.[1]);
    if (route === 'GET /api/v1/users/me')
      return ok({ id: 1, name: 'Founder', email: 'founder@acme.example', company_id: 7, company_domain: 'acme' });
    if (route === 'GET /api/v2/persons') return ok([], { additional_data: { next_cursor: null } });
    if (route === 'GET /api/v1/personFields')
      return ok(
        [...fields.entries()].map(([name, f], i) => ({
          id: i + 1,
          key: f.key,
          name,
          field_type: f.field_type,
          edit_flag: /^[0-9a-f]{40}$/.test(f.key),
        })),
      );
    if (route === 'POST /api/v1/personFields') {
      if (typeof body.name !== 'string' || !body.name) return pipedriveError(400, 'Field name must be given');
      if (!PIPEDRIVE_FIELD_TYPES.includes(String(body.field_type)))
        return pipedriveError(400, 'Field type is not valid', String(body.field_type));
      const key = randomBytes(20).toString('hex');
      fields.set(body.name, { key, field_type: String(body.field_type) });
      return ok({ id: fields.size, key, name: body.name, field_type: body.field_type });
    }
    if (route === 'GET /api/v2/persons/search') {
      const term = r.query.get('term') ?? '';
      if (term.length < 2) return pipedriveError(400, 'Search term must be at least 2 characters');
      if (r.query.get('fields') !== 'email' || r.query.get('exact_match') !== 'true')
        return pipedriveError(400, 'Expected fields=email&exact_match=true');
      const found = [...persons.values()].filter((p) => p.emails.some((e) => e.value.toLowerCase() === term.toLowerCase()));
      return ok(
        { items: found.map((p) => ({ result_score: 1, item: { id: p.id, name: p.name, emails: p.emails.map((e) => e.value) } })) },
        { additional_data: { next_cursor: null } },
      );
    }
    if (route === 'POST /api/v2/persons') {
      const wrong = checkPerson(body, true);
      if (wrong) return pipedriveError(400, wrong);
      const person = {
        id: next++,
        name: body.name as string,
        emails: (body.emails ?? []) as { value: string; primary: boolean; label: string }[],
        org_id: body.org_id === undefined ? null : Number(body.org_id),
        custom_fields: (body.custom_fields ?? {}) as Record<string, unknown>,
        job_title: body.job_title,
      };
      persons.set(person.id, person);
      return ok(person);
    }
    if (route === 'PATCH /api/v2/persons/:id') {
      const person = persons.get(id);
      if (!person) return pipedriveError(404, 'Person not found');
      const wrong = checkPerson(body, false);
      if (wrong) return pipedriveError(400, wrong);
      if (body.org_id !== undefined) person.org_id = Number(body.org_id);
      if (body.emails !== undefined) person.emails = body.emails as typeof person.emails;
      if (body.custom_fields) Object.assign(person.custom_fields, body.custom_fields);
      if (body.job_title !== undefined) person.job_title = body.job_title;
      return ok(person);
    }
    if (route === 'DELETE /api/v2/persons/:id') {
      if (!persons.delete(id)) return pipedriveError(404, 'Person not found');
      deleted.push(id);
      return ok({ id });
    }
    if (route === 'GET /api/v2/organizations/search') {
      const term = r.query.get('term') ?? '';
      const found = [...organizations.values()].filter((o) => o.name.toLowerCase() === term.toLowerCase());
      return ok(
        { items: found.map((o) => ({ result_score: 1, item: { id: o.id, name: o.name } })) },
        { additional_data: { next_cursor: null } },
      );
    }
    if (route === 'POST /api/v2/organizations') {
      if (typeof body.name !== 'string' || !body.name) return pipedriveError(400, 'Name must be given');
      const org = { id: next++, name: body.name };
      organizations.set(org.id, org);
      return ok(org);
    }
    return pipedriveError(404, `Unknown route ${route}`);
  };

  const vendor = await serve(
    handle,
    () => ({
      status: 429,
      body: { success: false, error: 'Rate limit has been exceeded', errorCode: 429 },
      headers: { 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
    }),
    (status) => pipedriveError(status, 'Something went wrong'),
  );
  return { ...vendor, persons, organizations, fields, deleted };
}
