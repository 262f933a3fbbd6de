/** On <html> while an offer shows: styles.css keeps focus and anchor scrolling above it (scroll-padding-bottom). */
const WITH_OFFER_CLASS = 'with-language-offer';

/**
 * Shows the page's offer of another language (app/language-offer.tsx) to a visitor whose browser's first choice
 * is that language, when they arrived from outside the site (a visitor who clicks on within the site has chosen
 * the language they read). Nothing is stored: "No thanks", or Escape while no menu is open, hides it for this
 * page view.
 */
export function offerPreferredLanguage(
  attribute: string,
  doc: Document = document,
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): void {
  const preferred = (languages[0] ?? '').toLowerCase().split('-')[0];
  if (!preferred || preferred === doc.documentElement.lang) return;
  if (doc.referrer && new URL(doc.referrer, doc.baseURI).origin === location.origin) return;
  const offer = doc.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(preferred)}"]`);
  if (!offer) return;
  offer.hidden = false;
  doc.documentElement.classList.add(WITH_OFFER_CLASS);
  const dismiss = () => {
    offer.hidden = true;
    doc.documentElement.classList.remove(WITH_OFFER_CLASS);
    doc.removeEventListener('keydown', onKey);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !menuOpen(doc)) dismiss();
  };
  offer.querySelector('[data-dismiss]')?.addEventListener('click', dismiss);
  doc.addEventListener('keydown', onKey);
}

function menuOpen(doc: Document): boolean {
  try {
    return doc.querySelector(':popover-open') !== null;
  } catch {
    return false; // a browser without popovers has no menu open
  }
}

/** The header's language link keeps the section the visitor is at (`/sv` + `#faq`). */
export function keepSectionOnLanguageSwitch(attribute: string, doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[${attribute}]`);
    if (!link || !location.hash) return;
    link.href = link.href.split('#')[0] + location.hash;
  });
}
