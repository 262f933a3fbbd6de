/** Marks the element the sign-up island hydrates (its own file: the first-view script imports only this). */
export const SIGNUP_ISLAND_ATTRIBUTE = 'data-island-signup';
/**
 * The island's props as JSON on the same element (the page's language and the form's words in it), so the
 * island's script carries no copy of its own and hydrates with exactly what the server rendered.
 */
export const SIGNUP_ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
