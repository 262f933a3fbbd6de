import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES, CONSOLE_PATHS } from '@waitlist/contract';
import { answerAdminApi, apiError, ownerSession, renderConsoleAt } from '../../../test/console-harness';
import { rewriteOldLinks, takeJoinToken } from './old-links';

const owner = ownerSession();

const emptyPage = { items: [], next_cursor: null, total: 0, total_capped: false };

describe('the console at an address (issue 48 item 1)', () => {
  it('signed out, shows the sign-in form at the address the link named', async () => {
    answerAdminApi({
      'GET /session': apiError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in first'),
      'GET /session/sso': { offered: false },
    });
    const { history } = renderConsoleAt('/admin/signups?role=Other');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/signups');
    expect(history.location.search).toBe('?role=Other');
  });

  it('opens the list with the filters, sort and page its address holds, and asks the server for exactly that view', async () => {
    const sent = answerAdminApi({
      'GET /session': owner,
      'GET /segments': { items: [] },
      'GET /signups': { ...emptyPage, total: 60 },
    });
    renderConsoleAt('/admin/signups?role=Other&min_score=60&sort=-fit_score&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-ups' })).toBeInTheDocument();
    await screen.findByText(/match the filters/);
    const list = sent.find((r) => r.path.startsWith('/signups?'))!;
    expect(Object.fromEntries(new URLSearchParams(list.path.split('?')[1]))).toEqual({
      role: 'Other',
      min_score: '60',
      sort: '-fit_score',
      page: '2',
    });
  });

  it('opens every address the mails link to as its screen, and says so of an address that names none', async () => {
    answerAdminApi({ 'GET /session': owner });
    for (const path of Object.values(CONSOLE_PATHS).map((p) => (typeof p === 'function' ? p(12) : p))) {
      const { unmount } = renderConsoleAt(`/admin${path}`);
      await waitFor(() => expect(document.title).toMatch(/ · Operator console$/));
      expect(document.title, path).not.toMatch(/^No such screen/);
      unmount();
      document.title = '';
    }
    renderConsoleAt('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such screen' })).toBeInTheDocument();
  });

  it('keeps the Funnel’s period and grouping, and the audit trail’s filters, in the address', async () => {
    const sent = answerAdminApi({ 'GET /session': owner });
    const { unmount } = renderConsoleAt('/admin/funnel?from=2026-11-01&to=2026-11-28&by=source');
    await waitFor(() => expect(sent.some((r) => r.path.startsWith('/funnel?'))).toBe(true));
    expect(sent.find((r) => r.path.startsWith('/funnel?'))!.path).toBe('/funnel?from=2026-11-01&to=2026-11-28&by=source');
    unmount();
    renderConsoleAt('/admin/audit?outcome=refused&action=signups.read&operator=7');
    await waitFor(() => expect(sent.some((r) => r.path.startsWith('/audit?'))).toBe(true));
    expect(Object.fromEntries(new URLSearchParams(sent.find((r) => r.path.startsWith('/audit?'))!.path.split('?')[1]))).toEqual({
      operator: '7',
      action: 'signups.read',
      outcome: 'refused',
    });
  });

  it('keeps the audit trail’s page in the address: Older and Newer move through it, and a link opens the same page', async () => {
    const entry = { id: 9, at: '2026-11-28T10:00:00.000Z', operator_id: 1, operator_email: 'founder@acme.example', action: 'signups.read' };
    const page = { items: [{ ...entry, outcome: 'ok', signup_id: null, target: null, detail: null }], next_cursor: 'older-page' };
    const sent = answerAdminApi({ 'GET /session': owner, 'GET /audit/operators': { items: [] }, 'GET /audit': page });
    const { history, unmount } = renderConsoleAt('/admin/audit?outcome=ok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await waitFor(() => expect(history.location.search).toBe('?outcome=ok&cursor=older-page'));
    await waitFor(() => expect(sent.some((r) => r.path === '/audit?outcome=ok&cursor=older-page')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(history.location.search).toBe('?outcome=ok'));
    unmount();
    // A link to a later page opens it; Newer then goes to the newest, the page before it being unknown to this tab.
    renderConsoleAt('/admin/audit?cursor=from-a-link');
    await waitFor(() => expect(sent.some((r) => r.path === '/audit?cursor=from-a-link')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Newer' })).toBeEnabled();
  });

  it('tells a member who follows a link to an owner’s screen why it does not open', async () => {
    answerAdminApi({ 'GET /session': { ...owner, operator: { ...owner.operator, role: 'member' } } });
    renderConsoleAt('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'This screen is for owners' })).toBeInTheDocument();
  });

  it('keeps each filter in the address, so Back and Forward move between the views, and never the address search', async () => {
    const sent = answerAdminApi({ 'GET /session': owner, 'GET /segments': { items: [] }, 'GET /signups': emptyPage });
    const { history } = renderConsoleAt('/admin/signups');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role'), 'Other');
    await waitFor(() => expect(history.location.search).toBe('?role=Other'));
    await user.type(screen.getByLabelText('Search e-mail'), 'ada.lovelace');
    await waitFor(() => expect(sent.some((r) => r.path.includes('q=ada.lovelace'))).toBe(true));
    // The search went to the server, and into neither the address nor its history.
    expect(history.location.search).toBe('?role=Other');
    act(() => history.back());
    await waitFor(() => expect(screen.getByLabelText('Role')).toHaveValue(''));
    expect(history.location.search).toBe('');
    act(() => history.forward());
    await waitFor(() => expect(screen.getByLabelText('Role')).toHaveValue('Other'));
  });

  it('signs out to the sign-in form, saying so, and forgets the search and the list’s view', async () => {
    let signedIn = true;
    answerAdminApi({
      'GET /session': () => (signedIn ? owner : apiError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in first')),
      'DELETE /session': () => ((signedIn = false), { status: 204 }),
      'GET /session/sso': { offered: false },
      'GET /segments': { items: [] },
      'GET /signups': emptyPage,
    });
    const { history } = renderConsoleAt('/admin/signups?role=Other');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('You are signed out.')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/signups');
    expect(history.location.search).toBe('');
  });

  it('leaves out of a view what the API would refuse, so a mangled link opens the nearest view', async () => {
    const sent = answerAdminApi({ 'GET /session': owner, 'GET /segments': { items: [] }, 'GET /signups': emptyPage });
    renderConsoleAt('/admin/signups?role=Wizard&min_score=700&page=9999&sort=nonsense&q=ada%40example.com&company=acme.example');
    await screen.findByRole('heading', { level: 1, name: 'Sign-ups' });
    await waitFor(() => expect(sent.some((r) => r.path.startsWith('/signups?'))).toBe(true));
    const list = sent.find((r) => r.path.startsWith('/signups?'))!;
    // Only the company survives; an address typed into a link (q) is not searched either.
    expect(list.path).toBe('/signups?company=acme.example&sort=-created_at');
  });
});

describe('links the console gave out before its screens had paths', () => {
  const at = (href: string) => {
    const url = new URL(href, 'https://waitlist.example');
    const replaced: string[] = [];
    rewriteOldLinks(
      { pathname: url.pathname, hash: url.hash, search: url.search } as Location,
      {
        replaceState: (_state: unknown, _unused: string, to: string) => replaced.push(to),
      } as unknown as History,
    );
    return replaced;
  };

  it('opens what the old link named, and takes an invitation token out of the address', () => {
    expect(at('/admin#/signups/12')).toEqual(['/admin/signups/12']);
    expect(at('/admin#/security')).toEqual(['/admin/account/security']);
    expect(at('/admin#/settings')).toEqual(['/admin/account/notifications']);
    expect(at('/admin#/')).toEqual(['/admin/signups']);
    expect(at('/admin/signups?role=Other')).toEqual([]);
    const token = 'A'.repeat(43);
    expect(at(`/admin#/join/${token}`)).toEqual(['/admin/join']);
    expect(takeJoinToken()).toBe(token);
    expect(takeJoinToken()).toBeNull();
    expect(at(`/admin/join#${token}`)).toEqual(['/admin/join']);
    expect(takeJoinToken()).toBe(token);
  });
});
