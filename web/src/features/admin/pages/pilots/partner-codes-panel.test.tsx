import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPartnerCode, AdminPartnerCodeCreated } from '@waitlist/contract';
import { answerAdminApi, apiError, renderConsole } from '../../../../test/console-harness';
import { PartnerCodesPanel } from './partner-codes-panel';

const code = (overrides: Partial<AdminPartnerCode> = {}): AdminPartnerCode => ({
  id: 4,
  label: 'Vinnova demo day',
  hint: '0RTC',
  claim_limit: 5,
  claims: 1,
  state: 'active',
  expires_at: '2026-12-28T15:09:00.000Z',
  revoked_at: null,
  created_at: '2026-11-28T15:09:00.000Z',
  ...overrides,
});

const rowOf = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });

describe('the partner codes on Pilots', () => {
  it('lists each code with the last four characters, its claims and its state in words; a withdrawn one has no button', async () => {
    answerAdminApi({
      'GET /partner-codes': {
        items: [
          code(),
          code({ id: 3, label: 'Almi', hint: 'QX7P', claims: 50, claim_limit: 50, state: 'full' }),
          code({ id: 2, label: 'Old fair', hint: 'AB12', state: 'expired' }),
          code({ id: 1, label: 'Withdrawn one', hint: 'ZZ99', state: 'withdrawn', revoked_at: '2026-11-20T10:00:00.000Z' }),
        ],
      },
    });
    await renderConsole(<PartnerCodesPanel />);
    await screen.findByRole('table', { name: 'Partner codes, newest first' });
    expect(
      within(rowOf('Vinnova demo day'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Vinnova demo day', '…0RTC', '1 of 5', 'open', expect.stringMatching(/2026/), 'Withdraw']);
    expect(within(rowOf('Almi')).getByRole('cell', { name: 'used up' })).toBeInTheDocument();
    expect(within(rowOf('Old fair')).getByRole('cell', { name: 'expired' })).toBeInTheDocument();
    expect(within(rowOf('Withdrawn one')).queryByRole('button')).toBeNull();
  });

  it('says so when there is none, and when the list cannot be read, with a way to try again', async () => {
    answerAdminApi({ 'GET /partner-codes': { items: [] } });
    const { unmount } = await renderConsole(<PartnerCodesPanel />);
    expect(await screen.findByText('No partner code yet.')).toBeInTheDocument();
    unmount();

    answerAdminApi({ 'GET /partner-codes': apiError(503, 'unavailable', 'The database is not answering. Try again in a minute.') });
    await renderConsole(<PartnerCodesPanel />);
    expect(await screen.findByText('The partner codes could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not answering. Try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('shows the new code once, in the status line, and empties the label', async () => {
    const created: AdminPartnerCodeCreated = { ...code({ id: 5, claims: 0 }), code: 'K3QZ-8HWD-0RTC' };
    const sent = answerAdminApi({ 'GET /partner-codes': { items: [] }, 'POST /partner-codes': created });
    await renderConsole(<PartnerCodesPanel />);
    const form = await screen.findByRole('form', { name: 'Make a partner code' });
    const user = userEvent.setup();
    expect(within(form).getByRole('button', { name: 'Make the code' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Label (who it is for)'), 'Vinnova demo day');
    await user.clear(within(form).getByLabelText('People who may join with it'));
    await user.type(within(form).getByLabelText('People who may join with it'), '5');
    await user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(form).findByText('K3QZ-8HWD-0RTC')).toHaveClass('partner-code');
    expect(within(form).getByRole('status')).toHaveTextContent(
      'The code for “Vinnova demo day” is K3QZ-8HWD-0RTC. Copy it now: it is not shown again.',
    );
    expect(within(form).getByLabelText('Label (who it is for)')).toHaveValue('');
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/partner-codes',
      body: { label: 'Vinnova demo day', claim_limit: 5, expires_in_days: 30 },
    });
  });

  it("says in the status line why a code was not made, in the server's words", async () => {
    answerAdminApi({
      'GET /partner-codes': { items: [] },
      'POST /partner-codes': apiError(400, 'validation_failed', 'The label is too long: at most 200 characters.'),
    });
    await renderConsole(<PartnerCodesPanel />);
    const form = await screen.findByRole('form', { name: 'Make a partner code' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Label (who it is for)'), 'Somebody');
    await user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The label is too long: at most 200 characters.');
  });

  it('withdraws a code: the answer is read as the code it now is, and the list is read again', async () => {
    let withdrawn = false;
    const sent = answerAdminApi({
      'GET /partner-codes': () => ({ items: [code(withdrawn ? { state: 'withdrawn', revoked_at: '2026-11-28T16:00:00.000Z' } : {})] }),
      'POST /partner-codes/4/revoke': () => {
        withdrawn = true;
        return code({ state: 'withdrawn', revoked_at: '2026-11-28T16:00:00.000Z' });
      },
    });
    await renderConsole(<PartnerCodesPanel />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Withdraw “Vinnova demo day”' }));
    expect(await screen.findByText('“Vinnova demo day” is withdrawn: nobody else can join with it.')).toBeInTheDocument();
    expect(await within(rowOf('Vinnova demo day')).findByRole('cell', { name: 'withdrawn' })).toBeInTheDocument();
    expect(within(rowOf('Vinnova demo day')).queryByRole('button')).toBeNull();
    expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('shows a viewer the list without the form or the buttons', async () => {
    answerAdminApi({ 'GET /partner-codes': { items: [code()] } });
    await renderConsole(<PartnerCodesPanel />, { role: 'viewer' });
    await screen.findByRole('table', { name: 'Partner codes, newest first' });
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Make a partner code' })).toBeNull();
  });
});
