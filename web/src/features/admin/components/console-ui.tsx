import { Button } from '../../../components/ui/button';
import { UNKNOWN_ANSWER } from '@waitlist/contract';
import { useEffect, useId, useRef, type ReactNode } from 'react';

import { useConsoleFormat, useConsoleWords } from '../app/console-language';

export interface Notice {
  kind: 'success' | 'info' | 'error';
  text: string;
}

/** A polite live region: screen readers hear what just happened. */
export function StatusMessage({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const words = useConsoleWords();
  return (
    <div role="status" aria-live="polite" className="status-region">
      {notice && (
        <div className={`notice notice-${notice.kind}`}>
          <span>{notice.text}</span>
          <Button variant="ghost" size="small" onClick={onDismiss}>
            {words.common.dismiss}
          </Button>
        </div>
      )}
    </div>
  );
}

export function ErrorPanel({ title, error, onRetry }: { title: string; error: Error; onRetry?: () => void }) {
  const words = useConsoleWords();
  return (
    <div className="panel-state panel-error" role="alert">
      <h2>{title}</h2>
      <p>{error.message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {words.common.tryAgain}
        </Button>
      )}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="panel-state" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </div>
  );
}

/** A modal confirmation on the native <dialog>: focus is trapped, Escape cancels, focus returns afterwards. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const words = useConsoleWords();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          {words.common.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? words.common.working : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/** A table cell with a point in time, readable and machine-readable. */
export function TimeCell({ at }: { at: string }) {
  return (
    <td className="nowrap muted">
      <TimeOf at={at} />
    </td>
  );
}

/** A point in time in the console's language, machine-readable too. */
export function TimeOf({ at }: { at: string }) {
  return <time dateTime={at}>{useConsoleFormat().dateTime(at)}</time>;
}

/** A count in the console's language ("12 345" in Swedish). */
export const Count = ({ n }: { n: number }) => <>{useConsoleFormat().number(n)}</>;

/** An answer, a kept count's value or a filter's choice as text: the stored value, or "not known" in the console's language. */
export function useAnswerLabel(): (value: string | null) => string {
  const unknown = useConsoleWords().common.answerUnknown;
  return (value) => (value === null || value === UNKNOWN_ANSWER ? unknown : value);
}

/** An answer as the console shows it: the stored value, or "Not known (imported)" muted (contract UNKNOWN_ANSWER). */
export function Answer({ value }: { value: string | null }) {
  const words = useConsoleWords();
  return value === null ? <span className="muted">{words.common.answerUnknown}</span> : value;
}

/** A sign-up's desired outcomes as chips, in the stored order. */
export function OutcomeChips({ outcomes, label }: { outcomes: readonly string[] | null; label?: string }) {
  if (outcomes === null) return <Answer value={null} />;
  return (
    <ul className="chips" aria-label={label}>
      {outcomes.map((outcome) => (
        <li key={outcome} className="chip">
          {outcome}
        </li>
      ))}
    </ul>
  );
}

/** One key figure in a row of them (`<ul className="stat-grid">`): what it counts, the figure, and a line under it. */
export function StatCard({ label, value, note, text = false }: { label: string; value: ReactNode; note?: ReactNode; text?: boolean }) {
  return (
    <li className="card stat">
      <span className="stat-label">{label}</span>
      <span className={text ? 'stat-value stat-text' : 'stat-value'}>{value}</span>
      {note !== undefined && <span className="muted">{note}</span>}
    </li>
  );
}

/** A console screen: a labelled section with its title, a line under it and, on the right, its actions. */
export function AdminPage({
  titleId,
  title,
  summary,
  liveSummary = false,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  summary?: ReactNode;
  /** The summary changes as the operator works (a count): screen readers hear it. */
  liveSummary?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="stack-lg" aria-labelledby={titleId}>
      <div className="page-header">
        <div>
          <h1 id={titleId}>{title}</h1>
          {summary && (
            <p className="muted" aria-live={liveSummary ? 'polite' : undefined}>
              {summary}
            </p>
          )}
        </div>
        {actions && <div className="actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A table's column heads: their names, or the cells themselves when one needs more than a name. */
export type TableHeader = readonly string[] | ReactNode;

/** A scrollable data table: a caption for screen readers, one header row, and the rows. */
export function DataTable({ caption, header, children }: { caption: ReactNode; header: TableHeader; children: ReactNode }) {
  const heads = Array.isArray(header)
    ? (header as readonly string[]).map((name) => (
        <th key={name} scope="col">
          {name}
        </th>
      ))
    : header;
  return (
    // A wide table scrolls sideways: the region takes focus so a keyboard can scroll it too (WCAG 2.1.1; axe's
    // scrollable-region-focusable); the table inside carries the name (its caption).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is operable by keyboard only when focusable (axe, WCAG 2.1.1)
    <div className="table-scroll" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{heads}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
