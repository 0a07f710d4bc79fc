// The cycle half of `npm run lint` (docs/architecture.md): import/no-cycle in eslint.config.js skips
// `import type`, and a cycle through types alone still ties the modules together, so this one counts
// every import, type-only ones included (tsPreCompilationDeps). scripts/lint-rules.test.ts shows it fail.
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycles, type-only ones included: move what both sides need to a module both may import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|\\.data|\\.bench|bench/\\.scratch|[^/]*zz-lint-probe[^/]*)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
