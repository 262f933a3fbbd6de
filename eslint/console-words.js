/**
 * "Every word a person reads is in the catalogue", in the console too (decision 0050; catalogue/src/console/): a
 * sentence written into a screen fails. Text between tags (code aside), a string in an attribute a person reads, and a
 * sentence in a string or a template (a capitalised word and a lowercase one) anywhere under features/admin/.
 */
const CONSOLE_WORDS_MESSAGE = 'A word the operator reads lives in catalogue/src/console/ (en.ts, sv.ts): read it with useConsoleWords()';
/** The attributes whose value a person reads (or hears): their own, and the console's components' that become such. */
const PEOPLE_READ =
  'JSXAttribute[name.name=/^(label|title|placeholder|alt|aria-label|aria-description|caption|summary|empty|what|confirmLabel|purpose|header)$/]';
export const consoleWordsInCatalogue = [
  { selector: "JSXElement[openingElement.name.name!='code'] > JSXText[value=/[A-Za-zÅÄÖåäö]{2,}/]", message: CONSOLE_WORDS_MESSAGE },
  ...[
    '> Literal',
    '> JSXExpressionContainer > Literal',
    '> JSXExpressionContainer > ConditionalExpression > Literal',
    '> JSXExpressionContainer > ArrayExpression > Literal',
    '> JSXExpressionContainer > TemplateLiteral > TemplateElement',
  ].map((value) => ({
    selector: `${PEOPLE_READ} ${value}[${value.endsWith('TemplateElement') ? 'value.raw' : 'value'}=/[A-Za-zÅÄÖåäö]{2,}/]`,
    message: CONSOLE_WORDS_MESSAGE,
  })),
  { selector: 'Literal[value=/^[A-ZÅÄÖ][a-zåäö’]+,? [a-zåäö]{2,}/]', message: CONSOLE_WORDS_MESSAGE },
  {
    selector: "TemplateElement[value.raw=/[A-ZÅÄÖa-zåäö]{2,} [a-zåäö]{2,}/]:not(JSXAttribute[name.name='className'] *)",
    message: CONSOLE_WORDS_MESSAGE,
  },
];

/** The block of eslint.config.js that applies it to every file of the console (its tests aside). */
export const CONSOLE_WORDS_BLOCK = {
  files: ['web/src/features/admin/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: { 'no-restricted-syntax': ['error', ...consoleWordsInCatalogue] },
};
