import type { ReactNode } from 'react';

/** A page of prose (the privacy policy, the accessibility statement): heading, a dated note, the lead, then sections. */
export function ProsePage({ heading, note, intro, children }: { heading: string; note: string; intro: string; children: ReactNode }) {
  return (
    <article className="section prose-page">
      <div className="container narrow">
        <h1>{heading}</h1>
        <p className="muted">{note}</p>
        <p className="lead">{intro}</p>
        {children}
      </div>
    </article>
  );
}
