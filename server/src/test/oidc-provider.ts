import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, decodeJwt, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './free-port';

/**
 * A real OpenID provider on loopback for tests (oidc-provider, a certified OpenID Provider library): the console's
 * client with PKCE required, the accounts a test names, and the user agent's way through it (no consent screen).
 * `misbehave` makes its token endpoint hand out an ID token, signed with its own key, that is wrong in one way (another
 * audience, expired): what a compromised or misconfigured provider would send, for the client's checks to refuse.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next: their subject, address and whether it is verified. */
  signInAs(account: { sub: string; email: string; emailVerified?: boolean }): void;
  misbehave(how: 'audience' | 'expired' | null): void;
  /**
   * A browser at the provider: follows the authorization request through the sign-in to the redirect back to the
   * client, keeping the provider's cookies; answers that last URL (the callback with code, state and iss).
   */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string }): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'waitlist-console';
  const clientSecret = 'a-client-secret-for-the-console-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let account = { sub: 'someone', email: 'someone@example.com', emailVerified: true as boolean | undefined };
  let misbehaviour: 'audience' | 'expired' | null = null;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: account.email,
        ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
      }),
    }),
    // No consent screen: the console's client is the provider's own (as an enterprise tenant's admin consents once).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientOf = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientOf);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: clientOf, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });

  // The sign-in screen: whoever the test named signs in at once.
  provider.use(async (ctx, next) => {
    if (ctx.path.startsWith('/interaction/')) {
      const url = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      ctx.redirect(url);
      return;
    }
    await next();
    if (misbehaviour && ctx.path === '/token' && ctx.body && typeof ctx.body === 'object' && 'id_token' in ctx.body) {
      const body = ctx.body as { id_token: string };
      const claims = decodeJwt(body.id_token);
      const now = Math.floor(Date.now() / 1000);
      const changed =
        misbehaviour === 'audience' ? { ...claims, aud: 'another-application' } : { ...claims, iat: now - 7200, exp: now - 3600 };
      body.id_token = await new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
    }
  });

  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = { emailVerified: true, ...next };
    },
    misbehave(how) {
      misbehaviour = how;
    },
    async authorize(start) {
      const jar = new Map<string, string>();
      let url = new URL(start);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
