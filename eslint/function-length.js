/**
 * "A function a newcomer can read at one sitting" (docs/architecture.md; issue 50 item 3): at most MAX_FUNCTION_LINES
 * lines of its own. A function's own lines are those of its body that hold code, blank lines and comments aside,
 * without the functions written inside it: each of those is measured as itself. So a factory (a store, a service, a
 * screen with its handlers) meets the limit in its own glue and in each function it holds, as a class meets it in each
 * method, and the file limit (max-lines) bounds the whole.
 */
export const MAX_FUNCTION_LINES = 80;

const FUNCTIONS = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

/** The name a reader would look for: the function's own, or the variable, property or method it is written to. */
function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.type === 'Identifier') return parent.key.name;
  return 'this function';
}

const ownLinesRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limits the lines of code a function holds itself (nested functions measured on their own)' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      long: '{{name}} holds {{lines}} lines of its own (at most {{max}}): split it where its meaning splits, into functions named for what each does',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? MAX_FUNCTION_LINES;
    const source = context.sourceCode;
    /** Lines that hold nothing but a comment (or part of one). */
    const commentOnly = new Set();
    for (const comment of source.getAllComments()) {
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line++) {
        const text = source.lines[line - 1];
        const before = line === comment.loc.start.line ? text.slice(0, comment.loc.start.column) : '';
        const after = line === comment.loc.end.line ? text.slice(comment.loc.end.column) : '';
        if (before.trim() === '' && after.trim() === '') commentOnly.add(line);
      }
    }
    const frames = [];
    const enter = () => frames.push({ nested: [] });
    const exit = (node) => {
      const frame = frames.pop();
      const { start, end } = node.loc;
      // The line a nested function starts on is its parent's too (`onClick={() => …}`, `const f = () => {`).
      if (end.line > start.line) frames.at(-1)?.nested.push([start.line + 1, end.line]);
      let lines = 0;
      for (let line = start.line; line <= end.line; line++) {
        if (source.lines[line - 1].trim() === '' || commentOnly.has(line)) continue;
        if (frame.nested.some(([from, to]) => line >= from && line <= to)) continue;
        lines++;
      }
      if (lines > max) context.report({ node, messageId: 'long', data: { name: nameOf(node), lines: String(lines), max: String(max) } });
    };
    return Object.fromEntries(
      FUNCTIONS.flatMap((type) => [
        [type, enter],
        [`${type}:exit`, exit],
      ]),
    );
  },
};

/** The block: every source file of ours (tests aside: a test reads as a story of steps). */
export const FUNCTION_LENGTH_BLOCK = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  ignores: ['**/*.test.{ts,tsx}', 'server/src/test/**', 'web/src/test/**', 'e2e/**/*.test.ts'],
  plugins: { size: { rules: { 'function-length': ownLinesRule } } },
  rules: { 'size/function-length': ['error', { max: MAX_FUNCTION_LINES }] },
};
