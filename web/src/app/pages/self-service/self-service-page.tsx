import type { Catalogue } from '@waitlist/catalogue';
import { PERSON_LINK_PATHS, type SelfServiceView } from '@waitlist/contract/self-service';
import { useLocale } from '../../../lib/locale';
import { paths } from '../../paths';
import { LinkActionPage } from './link-action-page';
import { ManagePage } from './manage-page';
import { MessagePage } from './message-page';

/** The title of a view, for <title> (seo.ts) and its h1. */
export function selfServiceTitle(view: SelfServiceView, words: Catalogue['selfService']): string {
  switch (view.page) {
    case 'confirm':
      return words.confirm.title;
    case 'confirmed':
      return words.confirm.doneTitle;
    case 'unsubscribe':
      return words.unsubscribe.title;
    case 'unsubscribed':
      return words.unsubscribe.doneTitle;
    case 'manage':
      return words.manage.title;
    case 'erased':
      return words.manage.erasedTitle;
    case 'data-link-sent':
      return words.dataLink.title;
    case 'too-many':
      return words.tooMany.title;
    case 'problem':
      return words.problems[view.problem].title;
  }
}

/** A page behind a link in our mail (or the answer to "send me my link"), in the language of its path. */
export function SelfServicePage({ view }: { view: SelfServiceView }) {
  const { words, href } = useLocale();
  const w = words.selfService;
  switch (view.page) {
    case 'confirm':
      return (
        <LinkActionPage
          title={w.confirm.title}
          lead={w.confirm.lead}
          button={w.confirm.button}
          action={href(PERSON_LINK_PATHS.confirm)}
          token={view.token}
        />
      );
    case 'unsubscribe':
      return (
        <LinkActionPage
          title={w.unsubscribe.title}
          lead={w.unsubscribe.lead}
          button={w.unsubscribe.button}
          // The token in the URL, as a mail client's one-click unsubscribe (RFC 8058) posts it.
          action={`${href(PERSON_LINK_PATHS.unsubscribe)}?token=${encodeURIComponent(view.token)}`}
        />
      );
    case 'manage':
      return (
        <ManagePage
          token={view.token}
          person={view.person}
          saved={view.saved ?? false}
          {...(view.invalid ? { invalid: view.invalid } : {})}
        />
      );
    case 'confirmed':
      return <MessagePage title={w.confirm.doneTitle} text={w.confirm.doneText} />;
    case 'unsubscribed':
      return <MessagePage title={w.unsubscribe.doneTitle} text={w.unsubscribe.doneText} />;
    case 'erased':
      return <MessagePage title={w.manage.erasedTitle} text={w.manage.erasedText} />;
    case 'data-link-sent':
      return <MessagePage title={w.dataLink.title} text={w.dataLink.text} />;
    case 'too-many':
      return <MessagePage title={w.tooMany.title} text={w.tooMany.text} />;
    case 'problem':
      return (
        <MessagePage title={w.problems[view.problem].title} text={w.problems[view.problem].text}>
          <p>
            {w.newLinkHint} <a href={`${href(paths.privacy)}#your-data-link`}>{w.privacyLink}</a>
          </p>
        </MessagePage>
      );
  }
}
