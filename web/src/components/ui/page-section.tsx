import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * One band of a page: a labelled <section> with its heading and an optional lead paragraph. With `id` it is an
 * anchor target the header links to (focusable, so keyboard focus follows the jump).
 */
export function PageSection({
  id,
  headingId,
  heading,
  intro,
  tinted = false,
  narrow = false,
  children,
}: {
  id?: string;
  headingId: string;
  heading: string;
  intro?: string;
  tinted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={cn('section', tinted && 'section-tinted')} aria-labelledby={headingId} tabIndex={id ? -1 : undefined}>
      <div className={cn('container', narrow && 'narrow')}>
        <h2 id={headingId}>{heading}</h2>
        {intro && <p className="lead narrow-text">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** The top of a page: its one h1 and a lead line, then whatever the page puts under them. */
export function PageHero({
  headingId,
  heading,
  lead,
  className = 'page-hero',
  children,
}: {
  headingId: string;
  heading: string;
  lead: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className={cn('container narrow', className === 'section' && 'center')}>
        <h1 id={headingId}>{heading}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
