/**
 * What native popovers leave to script, in plain DOM code for the first view: `aria-expanded` on each
 * `[popovertarget]` button, arrow keys between the links of a `.dropdown`, closing the menus when a link inside
 * one is followed or focus leaves a dropdown, and placing the list under its button where CSS anchor
 * positioning is missing. Opening, closing on Escape or an outside click, and focus return are the browser's.
 */
export function enhancePopoverMenus(root: Document = document): void {
  if (!('popover' in HTMLElement.prototype)) return;
  const anchored = typeof CSS !== 'undefined' && CSS.supports('anchor-name: --a');

  for (const button of root.querySelectorAll<HTMLButtonElement>('button[popovertarget]')) {
    const list = root.getElementById(button.getAttribute('popovertarget') ?? '');
    if (!list) continue;
    button.setAttribute('aria-expanded', String(list.matches(':popover-open')));
    list.addEventListener('beforetoggle', (event) => {
      const open = (event as ToggleEvent).newState === 'open';
      button.setAttribute('aria-expanded', String(open));
      if (open && !anchored) placeUnder(list, button);
    });
  }

  root.addEventListener('click', (event) => {
    if ((event.target as Element).closest?.('[popover] a[href]')) closeMenus(root);
  });

  for (const dropdown of root.querySelectorAll<HTMLElement>('.dropdown')) {
    const list = dropdown.querySelector<HTMLElement>('[popover]');
    if (!list) continue;
    dropdown.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !dropdown.contains(next) && list.matches(':popover-open')) list.hidePopover();
    });
    dropdown.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (!list.matches(':popover-open')) list.showPopover();
      const links = [...list.querySelectorAll<HTMLAnchorElement>('a[href]')];
      const index = links.indexOf(root.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? (index + 1) % links.length : index <= 0 ? links.length - 1 : index - 1;
      links[next]?.focus();
    });
  }
}

function closeMenus(root: Document): void {
  for (const open of root.querySelectorAll<HTMLElement>(':popover-open')) {
    // Closing an outer menu closes the ones inside it, which are then no longer open.
    if (open.matches(':popover-open')) open.hidePopover();
  }
}

/** Fallback for browsers without CSS anchor positioning: fixed, just under the button (the header is sticky). */
function placeUnder(list: HTMLElement, button: HTMLElement): void {
  const rect = button.getBoundingClientRect();
  list.style.position = 'fixed';
  list.style.top = `${rect.bottom + 4}px`;
  if (list.dataset.align === 'end') {
    list.style.left = 'auto';
    list.style.right = `${document.documentElement.clientWidth - rect.right}px`;
  } else {
    list.style.left = `${rect.left}px`;
  }
}
