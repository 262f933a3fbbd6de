import { createApiKeys } from './api-keys';
import { createOperatorSessionService } from './operator-sessions';
import { createPasskeys } from './passkeys';
import { createSecondFactors } from './second-factors';
import { clockOf, type ServiceAreaDeps } from './settings';
import { createSignIn } from './sign-in';
import { createSso } from './sso';
import { createTeamService } from './team';

/** An hour without a request, a week at most (SESSION_IDLE_HOURS and ADMIN_SESSION_MAX_HOURS' defaults). */
const DEFAULT_SESSION_LIFETIME = { idleMs: 3_600_000, maxMs: 7 * 24 * 3_600_000 };

/**
 * Who comes into the console and how: the team, second factors and passkeys, single sign-on, the sign-in and its
 * sessions, and the scoped API keys.
 */
export function createTeamArea({ database, stores, useCases, settings }: ServiceAreaDeps) {
  const clock = clockOf(settings);
  const team = createTeamService({ database, stores, useCases });
  const twoFactorPolicy = settings.twoFactorPolicy ?? 'off';
  const secondFactors = createSecondFactors({
    database,
    stores,
    useCases,
    secretBox: settings.secretBox ?? null,
    twoFactorPolicy,
    ...clock,
  });
  const operatorSessions = createOperatorSessionService({
    stores,
    useCases,
    lifetime: settings.sessionLifetime ?? DEFAULT_SESSION_LIFETIME,
  });
  const passkeys = createPasskeys({ stores, useCases, siteUrl: settings.siteUrl ?? 'http://localhost:3000', twoFactorPolicy, ...clock });
  const noProvider = { provider: null, settings: { issuer: undefined, allowedDomains: [], defaultRole: 'viewer' as const } };
  const sso = createSso({ stores, useCases, ...(settings.sso ?? noProvider), ...clock });
  return {
    team,
    secondFactors,
    passkeys,
    sso,
    operatorSessions,
    signIn: createSignIn({ stores, sessions: operatorSessions, secondFactors, passkeys, team, useCases, ssoRequired: sso.passwordRefused }),
    apiKeys: createApiKeys({ stores, useCases, environment: settings.environmentKeys ?? [], ...clock }),
  };
}
