import * as oidc from 'openid-client';

/** What the console's sign-in needs of the provider (services/sso.ts); the network and the token checks live here. */
export interface OidcProvider {
  /** The address to send the browser to: authorization code with PKCE (S256), state and nonce. */
  authorizationUrl(attempt: { state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /**
   * The provider's answer at the callback, exchanged for tokens and checked by the library: the state, the ID token's
   * signature, issuer, audience, expiry and nonce. Throws OidcRefusal when any is wrong.
   */
  finish(callback: URL, attempt: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity>;
}

export interface OidcIdentity {
  /** `iss sub`: who the provider says it is, for good. */
  subject: string;
  email: string | undefined;
  /** The provider's `email_verified` (absent at some providers, e.g. Entra ID). */
  emailVerified: boolean | undefined;
}

/** The provider's answer did not hold: `why` is the library's reason (no personal data), for the audit trail. */
export class OidcRefusal extends Error {
  constructor(readonly why: string) {
    super(why);
  }
}

/**
 * The most precise reason in an error's chain of causes (openid-client wraps oauth4webapi's `unexpected ID Token
 * "nonce" claim value` in a general one), and the claim that failed: names, never values.
 */
function reasonOf(error: Error): string {
  let reason = error.message;
  let claim: string | undefined;
  for (let at: unknown = error, depth = 0; at && typeof at === 'object' && depth < 4; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof Error && at !== error) reason = at.message;
    const named = (at as { claim?: unknown }).claim;
    if (typeof named === 'string') claim = named;
  }
  return claim && !reason.includes(`"${claim}"`) ? `${reason} (${claim})` : reason;
}

/** A provider on this machine may speak plain HTTP (a test's, a developer's), never another. */
const isLoopback = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The provider of OIDC_ISSUER through openid-client (a certified relying party library): its discovery document is
 * read on first use and kept (a failed read is tried again at the next sign-in).
 */
export function createOidcProvider(settings: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): OidcProvider {
  const issuer = new URL(settings.issuer);
  let configuration: Promise<oidc.Configuration> | undefined;
  const configured = () => {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      return oidc.buildAuthorizationUrl(await configured(), {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    async finish(callback, { state, nonce, codeVerifier }) {
      const config = await configured();
      let claims: oidc.IDToken | undefined;
      let email: unknown;
      let emailVerified: unknown;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        if (!claims) throw new OidcRefusal('no ID token');
        ({ email, email_verified: emailVerified } = claims);
        // A provider may keep the address for its UserInfo endpoint (OpenID Connect Core §5.4): asked for the same subject.
        if (typeof email !== 'string')
          ({ email, email_verified: emailVerified } = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
      } catch (error) {
        if (error instanceof OidcRefusal) throw error;
        if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
          throw new OidcRefusal(`${error.error}${error.error_description ? `: ${error.error_description}` : ''}`.slice(0, 300));
        }
        if (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_')) {
          throw new OidcRefusal(`${String(error.code)}: ${reasonOf(error)}`.slice(0, 300));
        }
        throw error;
      }
      return {
        subject: `${claims.iss} ${claims.sub}`,
        email: typeof email === 'string' ? email.toLowerCase() : undefined,
        emailVerified: typeof emailVerified === 'boolean' ? emailVerified : undefined,
      };
    },
  };
}

/** Random values for one sign-in (the library's own generators). */
export const newAttempt = () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() });
