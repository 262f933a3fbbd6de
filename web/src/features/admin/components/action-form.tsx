import type { FormEvent, ReactNode } from 'react';

/**
 * One console action in one shape on every screen (issue 50: the card form was written by hand thirteen times): a card
 * named by its heading (its own, or the section's it belongs to), the fields, the buttons in one row, and whatever
 * follows them (what happened, a preview). The browser's own checks run first; `onSubmit` runs only when they pass, and
 * the page never reloads.
 */
export function ActionForm({
  titleId,
  title,
  heading = 'h3',
  noValidate = false,
  onSubmit,
  actions,
  footer,
  children,
}: {
  /** The heading's id: the form is named by it (aria-labelledby). */
  titleId: string;
  /** The form's own heading; absent when the section's heading (`titleId`) names it. */
  title?: ReactNode;
  /** h2 where the form is a section of the page by itself; h3 inside a panel that has its own h2. */
  heading?: 'h2' | 'h3';
  /** The form checks its fields itself and says what is wrong beside each (the browser's bubbles would not). */
  noValidate?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The buttons, the submit button among them (none: a form shown to someone who may not act). */
  actions: ReactNode;
  /** What follows the buttons: the outcome (a status or an alert), a preview. */
  footer?: ReactNode;
  /** The fields, and any sentence before them. */
  children: ReactNode;
}) {
  const Heading = heading;
  return (
    <form
      className="card stack"
      aria-labelledby={titleId}
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      {title !== undefined && <Heading id={titleId}>{title}</Heading>}
      {children}
      {actions !== null && actions !== false && <div className="actions">{actions}</div>}
      {footer}
    </form>
  );
}
