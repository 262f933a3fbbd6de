import type { CampaignMessagePart } from '@waitlist/contract';
import { TextAreaField, TextField } from '../../components/fields';
import { useConsoleWords } from '../../app/console-language';

export type MessageDraft = Record<'en' | 'sv', CampaignMessagePart>;
export const EMPTY_MESSAGE: MessageDraft = { en: { subject: '', body: '' }, sv: { subject: '', body: '' } };

/** The filled-in languages of a draft (a language whose subject and body are both empty is left out). */
export function filledMessage(draft: MessageDraft): Partial<MessageDraft> {
  const filled = (part: CampaignMessagePart) => part.subject.trim() !== '' || part.body.trim() !== '';
  return Object.fromEntries((['en', 'sv'] as const).filter((l) => filled(draft[l])).map((l) => [l, draft[l]]));
}

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
  const words = useConsoleWords();
  const w = words.message;
  return (
    <div className="message-fields">
      {(['en', 'sv'] as const).map((locale) => (
        <fieldset key={locale} className="stack">
          <legend>
            {words.localeNames[locale]}
            {locale === 'sv' ? ` ${w.svOptional}` : required ? '' : ` ${w.optional}`}
          </legend>
          <TextField
            label={w.subject}
            value={draft[locale].subject}
            maxLength={200}
            required={required && locale === 'en'}
            onChange={(e) => onChange({ ...draft, [locale]: { ...draft[locale], subject: e.target.value } })}
          />
          <TextAreaField
            label={w.body}

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
