import type { AdminMailPreview } from '@waitlist/contract';
import { useConsoleWords } from '../../app/console-language';

/** How the mail will read in each language: subject and the plain-text part, composed by the server as it will be sent. */
export function MailPreview({ preview }: { preview: AdminMailPreview }) {
  const words = useConsoleWords();
  return (
    <div className="mail-preview" aria-label={words.send.previewLabel}>
      {preview.previews.map((p) => (
        <article key={p.locale} className="card stack" lang={p.locale}>
          <h3>
            <span lang={words.lang.code}>{words.localeNames[p.locale]}:</span> {p.subject}
          </h3>
          <pre className="mail-preview-text">{p.text}</pre>
        </article>
      ))}
    </div>
  );
}
