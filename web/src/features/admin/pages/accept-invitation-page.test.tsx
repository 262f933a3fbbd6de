import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_CODES } from '@waitlist/contract';
import { answerAdminApi, apiError, renderConsole } from '../../../test/console-harness';
import { AcceptInvitationPage } from './accept-invitation-page';

const TOKEN = 'the-token-of-the-invitation-link-0123456789';

describe('the Join page of an invitation', () => {
  it('offers no provider when single sign-on is not set up: the password is the way', async () => {
    answerAdminApi({ 'GET /session/sso': { offered: false } });
    await renderConsole(<AcceptInvitationPage token={TOKEN} onJoined={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Join the team' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /organisation/ })).toBeNull();
  });

  it("joins through the provider with the invitation's token in the body, and says so when the link is over", async () => {
    const sent = answerAdminApi({
      'GET /session/sso': { offered: true },
      'POST /sso/start': apiError(
        410,
        ADMIN_ERROR_CODES.invalidRequest,
        'This invitation link is used, withdrawn or expired: ask an owner for a new one',
      ),
    });
    await renderConsole(<AcceptInvitationPage token={TOKEN} onJoined={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join with your organisation’s account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is used, withdrawn or expired');
    expect(sent.find((r) => r.method === 'POST' && r.path === '/sso/start')?.body).toEqual({ invitation: TOKEN });
  });
});
