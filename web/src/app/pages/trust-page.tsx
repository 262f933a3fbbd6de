import type { TrustView } from '@waitlist/contract/trust';
import { DISCLOSURE_ANCHOR, DPA_PATH, SECURITY_TXT_PATH } from '@waitlist/contract/trust';
import type { DocumentRequestAnswer } from '@waitlist/contract/document-requests';
import { useLocale } from '../../lib/locale';
import { DocumentRequestForm } from './document-request-form';

/**
 * The trust page (issue 37 item 1), rendered per request by the server with the facts of its own settings
 * (server/src/services/trust.ts): nothing here is built in, so a new relay or host shows with no rebuild.
 */
export function TrustPage({ view, request }: { view: TrustView; request?: DocumentRequestAnswer | undefined }) {
  const { copy, href } = useLocale();
  const { trust, dpa } = copy;
  const { where, processors, retention, measures, incidents, disclosure, contact } = trust;
  const mailto = `mailto:${view.securityContact}`;
  return (
    <article className="section prose-page">
      <div className="container narrow">
        <h1>{trust.heading}</h1>
        <p className="lead">{trust.intro}</p>

        <section aria-labelledby="trust-where">
          <h2 id="trust-where">{where.heading}</h2>
          <p>{view.hosting ? where.hosted(view.hosting.name, view.hosting.country) : where.ownServer}</p>
          <p>{where.database(view.database)}</p>
        </section>

        <section aria-labelledby="trust-processors">
          <h2 id="trust-processors">{processors.heading}</h2>
          {view.subProcessors.length === 0 ? (
            <p>{processors.none}</p>
          ) : (
            <>
              <p>{processors.intro}</p>
              <ProcessorTable view={view} />
            </>
          )}
        </section>

        <section aria-labelledby="trust-retention">
          <h2 id="trust-retention">{retention.heading}</h2>
          <p>{retention.unconfirmed(view.unconfirmedRetentionDays)}</p>
          <p>{retention.confirmed}</p>
          <p>{retention.backups}</p>
        </section>

        <section aria-labelledby="trust-measures">
          <h2 id="trust-measures">{measures.heading}</h2>
          <MeasuresList view={view} />
        </section>

        <p>
          <a href={href(DPA_PATH)}>{dpa.link}</a>
        </p>

        {request ? <DocumentRequestForm request={request} /> : null}

        <section aria-labelledby="trust-incidents">
          <h2 id="trust-incidents">{incidents.heading}</h2>
          <p>{incidents.text}</p>
        </section>

        <section aria-labelledby={DISCLOSURE_ANCHOR} id={`${DISCLOSURE_ANCHOR}-section`}>
          <h2 id={DISCLOSURE_ANCHOR}>{disclosure.heading}</h2>
          {disclosure.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <a href={mailto}>{view.securityContact}</a>
          </p>
          <p>
            <a href={SECURITY_TXT_PATH}>{disclosure.securityTxt}</a>
          </p>
        </section>

        <section aria-labelledby="trust-contact">
          <h2 id="trust-contact">{contact.heading}</h2>
          <p>
            {contact.text} <a href={mailto}>{view.securityContact}</a>
          </p>
        </section>
      </div>
    </article>
  );
}

/** The sub-processors: company, country, what they do (the trust page and the agreement's Annex 1). */
export function ProcessorTable({ view }: { view: TrustView }) {
  const { processors } = useLocale().copy.trust;
  const purposeOf = (purpose: string) => (purpose === 'mail' ? processors.mail : purpose === 'hosting' ? processors.hosting : purpose);
  return (
    <table className="processors">
      <caption>{processors.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{processors.company}</th>
          <th scope="col">{processors.country}</th>
          <th scope="col">{processors.purpose}</th>
        </tr>
      </thead>
      <tbody>
        {view.subProcessors.map((p) => (
          <tr key={`${p.name} ${p.purpose}`}>
            <th scope="row">{p.name}</th>
            <td>{p.country ?? processors.countryUnknown}</td>
            <td>{purposeOf(p.purpose)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The measures that are on, and only those (the trust page and the agreement's Annex 2). */
export function MeasuresList({ view }: { view: TrustView }) {
  const { measures } = useLocale().copy.trust;
  return (
    <ul>
      {view.https ? <li>{measures.https}</li> : null}
      <li>{measures.secondFactor[view.secondFactors]}</li>
      <li>{measures.audit}</li>
      {view.scheduledBackups ? <li>{measures.backups}</li> : null}
      <li>{measures.tokens}</li>
      <li>{measures.limits}</li>
    </ul>
  );
}
