import type { TrustView } from '@waitlist/contract/trust';
import { siteConfig } from '../../config/site';
import { useLocale } from '../../lib/locale';
import { ProseSection } from './prose-section';
import { MeasuresList, ProcessorTable } from './trust-page';

/**
 * The data processing agreement (issue 37 item 1), printable, rendered per request like the trust page so its annexes
 * name the sub-processors and measures of the service as it runs (server/src/services/trust.ts).
 */
export function DpaPage({ view }: { view: TrustView }) {
  const { copy } = useLocale();
  const { dpa, trust } = copy;
  const parties = [dpa.signatures.controller, dpa.signatures.processor];
  return (
    <article className="section prose-page dpa">
      <div className="container narrow">
        <h1>{dpa.heading}</h1>
        <p className="lead">{dpa.intro(siteConfig.legalName)}</p>
        <p className="muted print-hidden">{dpa.print}</p>

        <section aria-labelledby="dpa-parties">
          <h2 id="dpa-parties">{dpa.parties.heading}</h2>
          <p>{dpa.parties.controller}</p>
          <p>{dpa.parties.processor(siteConfig.legalName, copy.city, copy.country)}</p>
        </section>

        {dpa.sections.map((section, index) => (
          <ProseSection key={section.heading} section={section} id={`dpa-${index}`} />
        ))}

        <section aria-labelledby="dpa-annex-1">
          <h2 id="dpa-annex-1">{dpa.annexProcessors}</h2>
          <p>
            {dpa.where}: {view.hosting ? trust.where.hosted(view.hosting.name, view.hosting.country) : trust.where.ownServer}
          </p>
          {view.subProcessors.length === 0 ? <p>{trust.processors.none}</p> : <ProcessorTable view={view} />}
        </section>

        <section aria-labelledby="dpa-annex-2">
          <h2 id="dpa-annex-2">{dpa.annexMeasures}</h2>
          <MeasuresList view={view} />
        </section>

        <section aria-labelledby="dpa-signatures">
          <h2 id="dpa-signatures">{dpa.signatures.heading}</h2>
          <div className="signatures">
            {parties.map((party) => (
              <div key={party}>
                <h3>{party}</h3>
                {[dpa.signatures.company, dpa.signatures.name, dpa.signatures.date, dpa.signatures.signature].map((line) => (
                  <p key={line} className="signature-line">
                    {line}
                  </p>
                ))}
              </div>
            ))}
          </div>
        </section>
      </div>
    </article>
  );
}
