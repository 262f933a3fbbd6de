import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ERROR_CODES, SSO_START_PATH } from '@waitlist/contract';
import { NETWORK_DOWN, answerAdminApi, apiError, ownerSession, renderConsole, type SentRequest } from '../../../test/console-harness';
import { SignInPage } from './sign-in-page';

const session = ownerSession({ expires_at: '2026-11-29T08:00:00.000Z' });

async function typeCredentials(password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'founder@acme.example');
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('the sign-in page', () => {
  it('keeps Sign in disabled until both fields are filled, then says why a wrong password failed, tied to the e-mail field', async () => {
    answerAdminApi({
      'GET /session/sso': { offered: false },
      'POST /session': apiError(401, ADMIN_ERROR_CODES.badCredentials, 'The e-mail or password is not correct'),
    });
    const onSignedIn = vi.fn();
    await renderConsole(<SignInPage notice={null} onSignedIn={onSignedIn} />);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    const user = await typeCredentials('not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is not correct');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-describedby', alert.id);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for the authenticator code after a right password, with the cursor in it, and signs in with it', async () => {
    const sent = answerAdminApi({
      'GET /session/sso': { offered: false },
      'POST /session': ({ body }: SentRequest) =>
        (body as { totp?: string }).totp === '123456'
          ? session
          : apiError(401, ADMIN_ERROR_CODES.totpRequired, 'Enter the code from your authenticator app (or a recovery code)'),
    });
    const onSignedIn = vi.fn();
    await renderConsole(<SignInPage notice={null} onSignedIn={onSignedIn} />);
    const user = await typeCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the six digits your authenticator app shows.')).toBeInTheDocument();
    // Asking for the code is the next step, not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    const code = screen.getByRole('textbox', { name: /code/i });
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(sent.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      email: 'founder@acme.example',
      password: 'correct horse battery',
      totp: '123456',
    });
  });

  it('says when the server cannot be reached, and when sign-ins from here are slowed', async () => {
    answerAdminApi({ 'GET /session/sso': { offered: false }, 'POST /session': NETWORK_DOWN });
    const { unmount } = await renderConsole(<SignInPage notice={null} onSignedIn={vi.fn()} />);
    let user = await typeCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached. Check your connection and try again.');
    unmount();

    answerAdminApi({
      'GET /session/sso': { offered: false },
      'POST /session': apiError(429, 'PGRST429', 'Too many sign-in attempts from this network. Try again in 15 minutes.'),
    });
    await renderConsole(<SignInPage notice={null} onSignedIn={vi.fn()} />);
    user = await typeCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts from this network. Try again in 15 minutes.');
  });

  it("offers the organisation's account as a plain link when single sign-on is set up, and puts it first when it is required", async () => {
    answerAdminApi({
      'GET /session/sso': { offered: true },
      'POST /session': apiError(403, ADMIN_ERROR_CODES.ssoRequired, 'Sign in with your organisation’s account.'),
    });
    await renderConsole(<SignInPage notice={null} onSignedIn={vi.fn()} />);
    const link = await screen.findByRole('link', { name: 'Sign in with your organisation’s account' });
    expect(link).toHaveAttribute('href', SSO_START_PATH);
    expect(link).toHaveClass('btn-secondary');
    const user = await typeCredentials();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in with your organisation’s account.');
    expect(screen.getByRole('link', { name: 'Sign in with your organisation’s account' })).toHaveClass('btn-primary');
  });
});
