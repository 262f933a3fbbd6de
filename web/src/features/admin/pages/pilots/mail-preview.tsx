import type { AdminMailPreview } from '@waitlist/contract';

const LANGUAGES = { en: 'English', sv: 'Swedish' } as const;

/** How the mail will read in each language: subject and the plain-text part, composed by the server as it will be sent. */
export function MailPreview({ preview }: { preview: AdminMailPreview }) {
  return (
    <div className="mail-preview" aria-label="Preview">
      {preview.previews.map((p) => (
        <article key={p.locale} className="card stack" lang={p.locale}>
          <h3>
            {LANGUAGES[p.locale]}: {p.subject}
          </h3>
          <pre className="mail-preview-text">{p.text}</pre>
        </article>
      ))}
    </div>
  );
}
