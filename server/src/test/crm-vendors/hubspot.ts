import { randomBytes } from 'node:crypto';
import { serve, type Answer, type FakeVendor, type VendorRequest } from './serve';

/** HubSpot's CRM API v3 and v4 associations as documented (serve.ts says what is checked). */
const correlationId = () =>
  randomBytes(16)
    .toString('hex')
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');

/** HubSpot's error body (status, message, correlationId, category). */
const hubspotError = (status: number, message: string, category = 'VALIDATION_ERROR'): Answer => ({
  status,
  body: { status: 'error', message, correlationId: correlationId(), category },
});

/** Valid pairs of a property's type and field type (HubSpot's properties reference). */
const HUBSPOT_TYPES: Record<string, string[]> = {
  string: ['text', 'textarea', 'file', 'html', 'phonenumber'],
  number: ['number', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  enumeration: ['select', 'radio', 'checkbox', 'booleancheckbox'],
  bool: ['booleancheckbox'],
};

export interface FakeHubSpot extends FakeVendor {
  contacts: Map<string, { id: string; properties: Record<string, string> }>;
  companies: Map<string, { id: string; properties: Record<string, string> }>;
  /** Contact id → company ids. */
  associations: Map<string, Set<string>>;
  properties: Set<string>;
  /** Contacts erased through the GDPR delete (their ids). */
  gdprDeleted: string[];
}

export async function startFakeHubSpot(token: string): Promise<FakeHubSpot> {
  let next = 100;
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  const companies = new Map<string, { id: string; properties: Record<string, string> }>();
  const associations = new Map<string, Set<string>>();
  const properties = new Set(['email', 'firstname', 'lastname', 'jobtitle', 'company', 'hs_object_id']);
  const gdprDeleted: string[] = [];
  const contactById = (id: string) => [...contacts.values()].find((c) => c.id === id);
  const now = () => new Date().toISOString();

  const handle = (r: VendorRequest): Answer => {
    if (r.headers.authorization !== `Bearer ${token}`)
      return hubspotError(
        401,
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
        'INVALID_AUTHENTICATION',
      );
    const body = r.body as Record<string, unknown> | null;
    const route = `${r.method} ${r.path}`;
    if (route === 'GET /crm/v3/objects/contacts' || route === 'GET /crm/v3/objects/companies')
      return { status: 200, body: { results: [] } };
    if (route === 'GET /crm/v3/properties/contacts')
      return {
        status: 200,
        body: {
          results: [...properties].map((name) => ({
            name,
            label: name,
            type: 'string',
            fieldType: 'text',
            groupName: 'contactinformation',
          })),
        },
      };
    if (route === 'POST /crm/v3/properties/contacts/batch/create') {
      const inputs = (body?.inputs ?? []) as Record<string, unknown>[];
      for (const input of inputs) {
        for (const key of ['name', 'label', 'type', 'fieldType', 'groupName'])
          if (typeof input[key] !== 'string' || !input[key]) return hubspotError(400, `Invalid input JSON: missing ${key}`);
        if (!HUBSPOT_TYPES[input.type as string]?.includes(input.fieldType as string))
          return hubspotError(400, `Property type ${String(input.type)} cannot have field type ${String(input.fieldType)}`);
        if (properties.has(input.name as string))
          return hubspotError(409, `Property ${String(input.name)} already exists`, 'OBJECT_ALREADY_EXISTS');
      }
      for (const input of inputs) properties.add(input.name as string);
      return { status: 201, body: { status: 'COMPLETE', results: inputs, startedAt: now(), completedAt: now() } };
    }
    if (route === 'POST /crm/v3/objects/contacts/batch/upsert') {
      const inputs = (body?.inputs ?? []) as { id?: unknown; idProperty?: unknown; properties?: Record<string, unknown> }[];
      if (inputs.length === 0 || inputs.length > 100) return hubspotError(400, 'Batch size must be between 1 and 100');
      for (const input of inputs) {
        if (input.idProperty !== 'email' || typeof input.id !== 'string') return hubspotError(400, 'Invalid input JSON: id and idProperty');
        if (!input.properties || typeof input.properties !== 'object') return hubspotError(400, 'Invalid input JSON: properties');
        for (const [name, value] of Object.entries(input.properties)) {
          if (!properties.has(name)) return hubspotError(400, `Property values were not valid: Property "${name}" does not exist`);
          if (typeof value !== 'string') return hubspotError(400, `Property values were not valid: "${name}" must be a string`);
        }
      }
      const results = inputs.map((input) => {
        const email = (input.id as string).toLowerCase();
        const existing = contacts.get(email);
        const props = Object.fromEntries(Object.entries(input.properties!).map(([k, v]) => [k, String(v)]));
        if (existing) {
          Object.assign(existing.properties, props, { email });
          return {
            id: existing.id,
            properties: { ...existing.properties },
            createdAt: now(),
            updatedAt: now(),
            archived: false,
            new: false,
          };
        }
        const made = { id: String(next++), properties: { ...props, email } };
        contacts.set(email, made);
        return { id: made.id, properties: { ...made.properties }, createdAt: now(), updatedAt: now(), archived: false, new: true };
      });
      return { status: 200, body: { status: 'COMPLETE', results, startedAt: now(), completedAt: now() } };
    }
    if (route === 'POST /crm/v3/objects/contacts/batch/update') {
      const inputs = (body?.inputs ?? []) as { id?: unknown; properties?: Record<string, unknown> }[];
      if (inputs.length === 0 || inputs.length > 100) return hubspotError(400, 'Batch size must be between 1 and 100');
      for (const input of inputs) {
        if (typeof input.id !== 'string' || !input.properties) return hubspotError(400, 'Invalid input JSON: id and properties');
        for (const [name, value] of Object.entries(input.properties)) {
          if (!properties.has(name)) return hubspotError(400, `Property values were not valid: Property "${name}" does not exist`);
          if (typeof value !== 'string') return hubspotError(400, `Property values were not valid: "${name}" must be a string`);
        }
      }
      const results: unknown[] = [];
      const errors: unknown[] = [];
      for (const input of inputs) {
        const contact = contactById(input.id as string);
        if (!contact) {
          errors.push({
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: `Object not found. objectId are usually numeric.`,
            context: { ids: [input.id] },
          });
          continue;
        }
        contacts.delete(contact.properties.email!);
        Object.assign(contact.properties, Object.fromEntries(Object.entries(input.properties!).map(([k, v]) => [k, String(v)])));
        contact.properties.email = contact.properties.email!.toLowerCase();
        contacts.set(contact.properties.email, contact);
        results.push({ id: contact.id, properties: { ...contact.properties }, createdAt: now(), updatedAt: now(), archived: false });
      }
      return {
        status: errors.length > 0 ? 207 : 200,
        body: {
          status: 'COMPLETE',
          results,
          ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
          startedAt: now(),
          completedAt: now(),
        },
      };
    }
    if (route === 'POST /crm/v3/objects/companies/search') {
      const filter = ((
        body?.filterGroups as { filters?: { propertyName?: string; operator?: string; value?: string }[] }[] | undefined
      )?.[0]?.filters ?? [])[0];
      if (!filter || filter.operator !== 'EQ' || !filter.propertyName) return hubspotError(400, 'Invalid input JSON: filterGroups');
      const found = [...companies.values()].filter((c) => c.properties[filter.propertyName!] === filter.value);
      return { status: 200, body: { total: found.length, results: found.slice(0, Number(body?.limit ?? 10)) } };
    }
    if (route === 'POST /crm/v3/objects/companies') {
      const props = (body?.properties ?? {}) as Record<string, string>;
      if (!props.domain && !props.name) return hubspotError(400, 'A company needs a name or a domain');
      const made = { id: String(next++), properties: props };
      companies.set(made.id, made);
      return { status: 201, body: { id: made.id, properties: props, createdAt: now(), updatedAt: now(), archived: false } };
    }
    if (route === 'POST /crm/v4/associations/contact/company/batch/associate/default') {
      const inputs = (body?.inputs ?? []) as { from?: { id?: string }; to?: { id?: string } }[];
      for (const input of inputs)
        if (!contactById(input.from?.id ?? '') || !companies.has(input.to?.id ?? ''))
          return hubspotError(400, 'Invalid association: unknown object id');
      for (const input of inputs) {
        const set = associations.get(input.from!.id!) ?? new Set<string>();
        set.add(input.to!.id!);
        associations.set(input.from!.id!, set);
      }
      return {
        status: 200,
        body: {
          status: 'COMPLETE',
          results: inputs.map((i) => ({
            from: i.from,
            to: i.to,
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
          })),
          startedAt: now(),
          completedAt: now(),
        },
      };
    }
    if (route === 'POST /crm/v3/objects/contacts/gdpr-delete') {
      if (typeof body?.objectId !== 'string') return hubspotError(400, 'Invalid input JSON: objectId');
      const contact = body.idProperty === 'email' ? contacts.get(String(body.objectId).toLowerCase()) : contactById(body.objectId);
      if (!contact) return hubspotError(404, 'Object not found', 'OBJECT_NOT_FOUND');
      contacts.delete(contact.properties.email!);
      associations.delete(contact.id);
      gdprDeleted.push(contact.id);
      return { status: 204 };
    }
    return hubspotError(404, `No route ${route}`, 'OBJECT_NOT_FOUND');
  };

  const vendor = await serve(
    handle,
    () => ({
      status: 429,
      body: {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        correlationId: correlationId(),
        policyName: 'TEN_SECONDLY_ROLLING',
      },
      headers: {
        'x-hubspot-ratelimit-max': '100',
        'x-hubspot-ratelimit-remaining': '0',
        'x-hubspot-ratelimit-interval-milliseconds': '10000',
      },
    }),
    (status) => hubspotError(status, 'Internal error', 'INTERNAL_ERROR'),
  );
  return { ...vendor, contacts, companies, associations, properties, gdprDeleted };
}
