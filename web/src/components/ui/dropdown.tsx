import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Navigation dropdown as a native popover: the button opens and closes the list with no script, Escape and a
 * click outside close it, and the browser returns focus to the button. `popover-menus.ts` adds aria-expanded,
 * arrow keys and closing when a link inside is followed.
 */
export function Dropdown({
  id,
  label,
  current = false,
  className,
  children,
}: {
  /** Id of the list, unique on the page. */
  id: string;
  label: string;
  /** Marks the trigger as the current page (underlined, aria-current="page"). */
  current?: boolean;
  className?: string;
  /** `<li>` elements holding links. */
  children: ReactNode;
}) {
  return (
    <div className={cn('dropdown', className)}>
      <button
        type="button"
        className={cn('nav-link', 'dropdown-trigger', current && 'active')}
        popoverTarget={id}
        aria-current={current ? 'page' : undefined}
      >
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      <ul id={id} className="dropdown-list" popover="auto">
        {children}
      </ul>
    </div>
  );
}
