import type { CampaignMessagePart } from '@waitlist/contract';
import { TextAreaField, TextField } from '../../components/fields';

export type MessageDraft = Record<'en' | 'sv', CampaignMessagePart>;
export const EMPTY_MESSAGE: MessageDraft = { en: { subject: '', body: '' }, sv: { subject: '', body: '' } };

/** The filled-in languages of a draft (a language whose subject and body are both empty is left out). */
export function filledMessage(draft: MessageDraft): Partial<MessageDraft> {
  const filled = (part: CampaignMessagePart) => part.subject.trim() !== '' || part.body.trim() !== '';
  return Object.fromEntries((['en', 'sv'] as const).filter((l) => filled(draft[l])).map((l) => [l, draft[l]]));
}

const LANGUAGES = { en: 'English', sv: 'Swedish' } as const;

/** Subject and body (Markdown: paragraphs, lists, **bold**, *italic*, [links](https://…)) in English and Swedish. */
export function MessageFields({
  draft,
  onChange,
  required,
}: {
  draft: MessageDraft;
  onChange: (draft: MessageDraft) => void;
  /** English is required (campaigns); otherwise both may stay empty (a wave then uses the standard invitation). */
  required: boolean;
}) {
  return (
    <div className="message-fields">
      {(['en', 'sv'] as const).map((locale) => (
        <fieldset key={locale} className="stack">
          <legend>
            {LANGUAGES[locale]}
            {locale === 'sv' ? ' (optional: Swedish readers get English without it)' : required ? '' : ' (optional)'}
          </legend>
          <TextField
            label="Subject"
            value={draft[locale].subject}
            maxLength={200}
            required={required && locale === 'en'}
            onChange={(e) => onChange({ ...draft, [locale]: { ...draft[locale], subject: e.target.value } })}
          />
          <TextAreaField
            label="Message (Markdown: **bold**, *italic*, - lists, [links](https://…))"
            value={draft[locale].body}
            rows={6}
            maxLength={20_000}
            required={required && locale === 'en'}
            onChange={(e) => onChange({ ...draft, [locale]: { ...draft[locale], body: e.target.value } })}
          />
        </fieldset>
      ))}
    </div>
  );
}
