import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failureDigest } from './failure-digest.mjs';

describe('failureDigest', () => {
  it('keeps the lines naming failed vitest files, tests and messages, without colours', () => {
    const out = [
      ' \x1b[32m✓\x1b[39m test/ok.test.ts (3 tests) 12ms',
      ' \x1b[31m❯\x1b[39m test/teams/seats.test.ts (4 tests | 1 failed) 90ms',
      '   \x1b[31m×\x1b[39m takes a seat once 40ms',
      ' FAIL  test/teams/seats.test.ts > seats > takes a seat once',
      'AssertionError: expected 2 to be 1',
      ' Test Files  1 failed | 1 passed (2)',
    ].join('\n');
    assert.deepEqual(failureDigest(out), [
      '   × takes a seat once 40ms',
      ' FAIL  test/teams/seats.test.ts > seats > takes a seat once',
      'AssertionError: expected 2 to be 1',
      ' Test Files  1 failed | 1 passed (2)',
    ]);
  });

  it('keeps playwright failures and finds nothing in a clean run', () => {
    assert.deepEqual(failureDigest('  ✘   3 e2e/a.spec.ts:9:1 › pays (2.1s)\n  1 failed\n  33 passed'), [
      '  ✘   3 e2e/a.spec.ts:9:1 › pays (2.1s)',
      '  1 failed',
    ]);
    assert.deepEqual(failureDigest(' ✓ test/a.test.ts (1 test)\n Tests  5 passed (5)'), []);
  });

  it('keeps the lines naming type, lint and format failures', () => {
    const out = [
      "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      '/repo/apps/server/src/b.ts',
      "  12:5  error  'x' is assigned a value but never used  @typescript-eslint/no-unused-vars",
      '  13:1  warning  Unexpected console statement  no-console',
      'Checking formatting...',
      '[warn] apps/web/src/c.tsx',
      '[warn] Code style issues found in the above file. Run Prettier with --write to fix.',
    ].join('\n');
    assert.deepEqual(failureDigest(out), [
      "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      '/repo/apps/server/src/b.ts',
      "  12:5  error  'x' is assigned a value but never used  @typescript-eslint/no-unused-vars",
      '[warn] apps/web/src/c.tsx',
    ]);
  });

  it('stops at the limit and does not repeat a line', () => {
    const out = Array.from({ length: 10 }, (_, i) => ` FAIL  t${i % 4}`).join('\n');
    assert.equal(failureDigest(out).length, 4);
    assert.equal(failureDigest(out, 2).length, 2);
  });
});
