import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { PageHero } from '../../../components/ui/page-section';
import { useLocale } from '../../../lib/locale';
import { paths } from '../../paths';

/** A page that says one thing (done, a problem with the link, check your inbox) and leads home. */
export function MessagePage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  const { words, href } = useLocale();
  return (
    <PageHero className="section" headingId="self-service-heading" heading={title} lead={text}>
      {children}
      <a href={href(paths.home)} className={buttonClass('primary')}>
        {words.selfService.home}
      </a>
    </PageHero>
  );
}
