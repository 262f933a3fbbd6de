/** The unit project shares one module graph per worker (vitest.config.ts, isolate: false): nothing writes process.env. */
export const UNIT_PROJECT_SHARES_MODULES = [
  {
    selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
    message: 'The unit project shares modules between files (isolate: false): pass settings in, never write process.env',
  },
  {
    selector: "AssignmentExpression > MemberExpression.left[object.name='process'][property.name='env']",
    message: 'The unit project shares modules between files (isolate: false): pass settings in, never write process.env',
  },
  {
    selector: "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']",
    message: 'The unit project shares modules between files (isolate: false): pass settings in, never write process.env',
  },
];
