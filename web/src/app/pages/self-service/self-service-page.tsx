import type { Catalogue } from '@waitlist/catalogue';
import { MANAGE_REOPEN_PARAM, PERSON_LINK_PATHS, type SelfServiceView } from '@waitlist/contract/self-service';
import { useLocale } from '../../../lib/locale';
import { paths } from '../../paths';
import { ConfirmedPage } from './confirmed-page';
import { LinkActionPage } from './link-action-page';
import { ManagePage } from './manage-page';
import { MessagePage } from './message-page';

type Words = Catalogue['selfService'];
type MessageView = Exclude<SelfServiceView, { page: 'confirm' | 'unsubscribe' | 'manage' | 'invitation' | 'invitation-accepted' }>;

/** The last day an invitation or code works, as a date that reads the same in every language. */
const untilDay = (iso: string) => iso.slice(0, 10);

/** Where the data page reloads itself to when it arrived without its cookie (see MANAGE_REOPEN_PARAM). */
export const reopenedManagePath = (href: (path: string) => string) => `${href(PERSON_LINK_PATHS.manage)}?${MANAGE_REOPEN_PARAM}=1`;

/** What a page that says one thing says. */
function messageOf(view: MessageView, w: Words): { title: string; text: string } {
  switch (view.page) {
    case 'confirmed':
      return { title: w.confirm.doneTitle, text: w.confirm.doneText };
    case 'unsubscribed':
      return { title: w.unsubscribe.doneTitle, text: w.unsubscribe.doneText };
    case 'erased':
      return { title: w.manage.erasedTitle, text: w.manage.erasedText };
    case 'data-link-sent':
      return w.dataLink;
    case 'too-many':
      return w.tooMany;
    case 'opening':
      return w.opening;
    case 'problem':
      return w.problems[view.problem];
  }
}

/** The title of a view, for <title> (seo.ts) and its h1. */
export function selfServiceTitle(view: SelfServiceView, w: Words): string {
  if (view.page === 'confirm') return w.confirm.title;
  if (view.page === 'unsubscribe') return w.unsubscribe.title;
  if (view.page === 'manage') return w.manage.title;
  if (view.page === 'invitation') return w.invitation.title;
  if (view.page === 'invitation-accepted') return w.invitation.acceptedTitle;
  return messageOf(view, w).title;
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
    case 'invitation':
      return (
        <LinkActionPage
          title={w.invitation.title}
          lead={w.invitation.lead(view.wave, untilDay(view.expires_at))}
          button={w.invitation.button}
          action={href(PERSON_LINK_PATHS.invitation)}
          token={view.token}
        />
      );
    case 'invitation-accepted':
      return (
        <MessagePage title={w.invitation.acceptedTitle} text={w.invitation.acceptedText(untilDay(view.expires_at))}>
          <p className="access-code">
            <span>{w.invitation.codeLabel}</span> <strong translate="no">{view.code}</strong>
          </p>
        </MessagePage>
      );
    case 'confirmed':
      return (
        <ConfirmedPage
          bookingUrl={view.booking_url}
          questions={view.questions}
          token={view.token}
          answered={view.answered ?? false}
          answersInvalid={view.answers_invalid ?? false}
        />
      );
    case 'manage':
      return (
        <ManagePage
          person={view.person}
          saved={view.saved ?? false}
          {...(view.invalid ? { invalid: view.invalid } : {})}
          questions={view.questions ?? []}
          answered={view.answered ?? false}
          answersInvalid={view.answers_invalid ?? false}
        />
      );
    default:
      return <LinkMessagePage view={view} />;
  }
}

/** The answer to a link that needs no button: confirmed already, gone, expired, or a problem; and the way on from it. */
function LinkMessagePage({ view }: { view: MessageView }) {
  const { words, href } = useLocale();
  const w = words.selfService;
  const { title, text } = messageOf(view, w);
  return (
    <MessagePage title={title} text={text}>
      {view.page === 'opening' && (
        <p>
          <a href={reopenedManagePath(href)}>{w.opening.continueLink}</a>
        </p>
      )}
      {view.page === 'problem' && (
        <p>
          {w.newLinkHint} <a href={`${href(paths.privacy)}#your-data-link`}>{w.privacyLink}</a>
        </p>
      )}
    </MessagePage>
  );
}
