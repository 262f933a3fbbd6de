/** Marks the 404 page, so the first-view script logs the path the visitor tried (the server logs it too). */
export const NOT_FOUND_ATTRIBUTE = 'data-not-found';
