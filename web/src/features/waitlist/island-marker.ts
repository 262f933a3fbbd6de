/** Marks the element the sign-up island hydrates (its own file: the first-view script imports only this). */
export const SIGNUP_ISLAND_ATTRIBUTE = 'data-island-signup';
