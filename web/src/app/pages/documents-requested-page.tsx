import { PageHero } from '../../components/ui/page-section';
import { buttonClass } from '../../components/ui/button';
import { useLocale } from '../../lib/locale';
import { paths } from '../paths';

/** Where a stored request for our security documents lands (the server answers 303 here, so a reload posts nothing again). */
export function DocumentsRequestedPage({ contact }: { contact: string | undefined }) {
  const { copy, href } = useLocale();
  const { sent } = copy.trust.requestForm;
  return (
    <PageHero className="section" headingId="documents-requested-heading" heading={sent.heading} lead={sent.lead}>
      {contact ? (
        <p>
          {sent.sooner} <a href={`mailto:${contact}`}>{contact}</a>.
        </p>
      ) : null}
      <a href={href(paths.trust)} className={buttonClass('secondary')}>
        {sent.back}
      </a>
    </PageHero>
  );
}
