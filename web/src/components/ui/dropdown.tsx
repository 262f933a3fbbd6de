import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Disclosure dropdown for navigation (WAI-ARIA "disclosure navigation menu"): a button with aria-expanded
 * that shows a list of links. Escape closes it and returns focus to the button; arrow keys move between links;
 * clicking a link, clicking outside or tabbing away closes it.
 */
export function Dropdown({
  label,
  current = false,
  className,
  children,
}: {
  label: string;
  /** Marks the trigger as the current page (underlined, aria-current="page"). */
  current?: boolean;
  className?: string;
  /** `<li>` elements holding links. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index <= 0 ? items.length - 1 : index - 1;
    // The list renders on the next frame when it was closed.
    requestAnimationFrame(() => links()[next % Math.max(links().length, 1)]?.focus());
  };

  return (
    // Keyboard handling is delegated from the button and links inside; the wrapper itself is not interactive.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className={cn('dropdown', className)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={cn('nav-link', 'dropdown-trigger', current && 'active')}
        aria-expanded={open}
        aria-controls={listId}
        aria-current={current ? 'page' : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      {/* A click on any link inside closes the list; the link itself handles navigation. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <ul id={listId} className="dropdown-list" hidden={!open} onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}>
        {children}
      </ul>
    </div>
  );
}
