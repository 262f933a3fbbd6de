import type { FastifyReply } from 'fastify';
import { CRM_PROVIDER_COMPANIES, CRM_PROVIDER_NAMES, PRIVACY_PATH, SITE_LOCALES, localizedPath } from '@waitlist/contract';
import type { PageRenderer } from '../../http/page-renderer';
import type { Crm } from '../../services/crm';

/**
 * The privacy page names the CRM while one is connected (issue 49 item 4): then it is rendered per request in the
 * visitor's language; otherwise (or when the database cannot say) the prerendered page is served as always.
 */
export function privacyPageWithCrm(crm: Pick<Crm, 'connectionIn'>, pages: PageRenderer) {
  const privacyPaths = new Set(SITE_LOCALES.map((locale) => localizedPath(locale, PRIVACY_PATH)));
  return async (route: string, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!privacyPaths.has(route)) return undefined;
    const connection = await crm.connectionIn().catch(() => null);
    if (!connection) return undefined;
    const named = { name: CRM_PROVIDER_NAMES[connection.provider], company: CRM_PROVIDER_COMPANIES[connection.provider] };
    return pages.send(reply.header('cache-control', 'no-cache'), 200, route, { crm: named });
  };
}
