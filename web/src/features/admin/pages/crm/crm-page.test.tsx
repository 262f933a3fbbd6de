import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CRM_DEFAULT_PROPERTIES, type AdminCrmState } from '@waitlist/contract';
import { answerAdminApi, apiError, ownerSession, renderConsole } from '../../../../test/console-harness';
import { CrmPage } from './crm-page';

const session = (freshForMs = 60_000) =>
  ownerSession({
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    fresh_until: new Date(Date.now() + freshForMs).toISOString(),
    two_factor: { totp: false, passkeys: 0 },
  });

const disconnected: AdminCrmState = {
  provider: null,
  connected: false,
  company_domain: null,
  token_hint: null,
  rule: null,
  segment: null,
  segment_name: null,
  fields: { ...CRM_DEFAULT_PROPERTIES },
  connected_at: null,
  connected_by: null,
  pending: 0,
  pending_erasures: 0,
  failed: 0,
  synced: 0,
  last_sync_at: null,
  last_error: null,
  recent: [],
};

const connected: AdminCrmState = {
  ...disconnected,
  provider: 'pipedrive',
  connected: true,
  company_domain: 'acme',
  token_hint: '4567',
  rule: { confirmed: true, min_fit_score: 60 },
  connected_at: '2026-11-28T10:00:00.000Z',
  connected_by: 'founder@acme.example',
  pending: 3,
  pending_erasures: 1,
  failed: 2,
  synced: 41,
  last_sync_at: '2026-11-28T10:05:00.000Z',
  last_error: 'HTTP 400: Unknown custom field',
  recent: [{ at: '2026-11-28T10:05:00.000Z', action: 'push', people: 12, outcome: 'ok', answer: '2 created, 10 updated' }],
};

describe('the CRM screen', () => {
  it('connects with the rule and the mapping the owner chose, sending the token and nothing it was not given', async () => {
    const sent = answerAdminApi({
      'GET /crm': disconnected,
      'GET /segments': { items: [] },
      'PUT /crm': { ...connected, provider: 'hubspot', company_domain: null, pending: 1 },
    });
    await renderConsole(<CrmPage session={session()} onNotice={() => undefined} />);
    await screen.findByText('No CRM connected');
    const form = screen.getByRole('form', { name: 'Connect a CRM' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Private app access token'), 'pat-eu1-abcdef');
    await user.clear(within(form).getByLabelText('Fit score at least (empty: any)'));
    await user.type(within(form).getByLabelText('Fit score at least (empty: any)'), '70');
    await user.selectOptions(within(form).getByLabelText('Booked call'), 'yes');
    await user.clear(within(form).getByLabelText('Property for Role'));
    await user.type(within(form).getByLabelText('Property for Role'), 'jobtitle');
    await user.clear(within(form).getByLabelText('Property for Campaign'));
    await user.click(within(form).getByRole('button', { name: 'Connect HubSpot' }));
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      provider: 'hubspot',
      token: 'pat-eu1-abcdef',
      rule: { confirmed: true, min_fit_score: 70, booked: true },
      fields: { ...CRM_DEFAULT_PROPERTIES, role: 'jobtitle', campaign: null },
    });
  });

  it('shows a connection in words: who goes, what waits, what was refused and the CRM’s last answers', async () => {
    answerAdminApi({ 'GET /crm': connected, 'GET /segments': { items: [] } });
    await renderConsole(<CrmPage session={session()} onNotice={() => undefined} />);
    const status = await screen.findByRole('region', { name: 'Pipedrive' });
    expect(within(status).getByText('everyone confirmed, fit score at least 60')).toBeInTheDocument();
    expect(within(status).getByText('ending in 4567')).toBeInTheDocument();
    expect(within(status).getByText('acme.pipedrive.com')).toBeInTheDocument();
    expect(within(status).getByText('3 changes, 1 erasure')).toBeInTheDocument();
    expect(within(status).getByText('Pipedrive last answered: HTTP 400: Unknown custom field')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /push 12 done 2 created, 10 updated/ })).toBeInTheDocument();
    // Changing it needs the token again, and the company domain for Pipedrive.
    expect(screen.getByRole('form', { name: 'Change the connection' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company domain (the name before .pipedrive.com)')).toHaveValue('acme');
  });

  it('tells the test’s checks in words, and a viewer sees the state without the owners’ buttons', async () => {
    answerAdminApi({
      'GET /crm': connected,
      'GET /segments': { items: [] },
      'POST /crm/test': {
        ok: false,
        checks: [
          { name: 'Token', ok: true, detail: 'Pipedrive let the token sign in as its user.' },
          { name: 'Persons', ok: false, detail: 'Pipedrive refused to let the token read persons: HTTP 403: Forbidden' },
        ],
      },
    });
    const { unmount } = await renderConsole(<CrmPage session={session()} onNotice={() => undefined} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Test the connection' }));
    const checks = await screen.findByRole('list', { name: 'Test of the connection' });
    expect(within(checks).getByText(/read persons: HTTP 403/)).toBeInTheDocument();
    expect(
      within(checks)
        .getAllByText(/Works|Refused/)
        .map((e) => e.textContent),
    ).toEqual(['Works:', 'Refused:']);
    unmount();

    answerAdminApi({ 'GET /crm': connected });
    await renderConsole(<CrmPage session={session()} onNotice={() => undefined} />, { role: 'viewer' });
    await screen.findByRole('region', { name: 'Pipedrive' });
    expect(screen.queryByRole('button', { name: 'Test the connection' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Change the connection' })).toBeNull();
  });

  it('asks an owner to confirm it is them when the session is not fresh, and says so when the state cannot be read', async () => {
    answerAdminApi({ 'GET /crm': disconnected, 'GET /segments': { items: [] } });
    const { unmount } = await renderConsole(<CrmPage session={session(-1)} onNotice={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
    unmount();

    answerAdminApi({ 'GET /crm': apiError(503, 'unavailable', 'The database is not answering. Try again in a minute.') });
    await renderConsole(<CrmPage session={session()} onNotice={() => undefined} />);
    expect(await screen.findByText('The CRM connection could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
