/** Marks the 404 page, so the first-view script logs the path the visitor tried (the server logs it too). */
export const NOT_FOUND_ATTRIBUTE = 'data-not-found';
/** Marks the header's link to the page in another language (the first-view script adds the current #section). */
export const LANGUAGE_SWITCH_ATTRIBUTE = 'data-language-switch';
/** Marks the offer of another language's page; its value is that language (shown by the first-view script). */
export const LANGUAGE_OFFER_ATTRIBUTE = 'data-language-offer';
/** Marks a form whose script solves a proof of work before it is sent (islands/proof-of-work-forms.ts). */
export const PROOF_OF_WORK_FORM_ATTRIBUTE = 'data-proof-of-work';
/** The footer's id: the browser paints a page once it has parsed up to here (seo.ts: FIRST_PAINT_AFTER_MAIN). */
export const FIRST_PAINT_MARKER_ID = 'site-footer';
