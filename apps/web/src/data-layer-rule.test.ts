/**
 * One data layer: only data/ folders call the server, and every query is a queryOptions() object
 * defined there. The lint rules must refuse the SDK client and inline queries elsewhere, allow
 * them in data/ folders, and the real tree must keep them.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..') + '/';
const SRC = 'apps/web/src';
const RULE = '@typescript-eslint/no-restricted-imports';
const QUERY_RULE = 'no-restricted-syntax';
const RULES = [RULE, QUERY_RULE];

// note: the repository's own eslint.config.js, loaded by ESLint (a test import of it would go
// through Vite, which rewrites its `new URL(…, import.meta.url)`); only these rules run.
const rulesOnly = () => new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => RULES.includes(ruleId) });

async function errors(filePath: string, code: string, rule = RULE): Promise<string[]> {
  const [result] = await rulesOnly().lintText(code, { filePath: `${ROOT}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const INLINE = "useQuery({ queryKey: ['team', id], queryFn: () => getTeam(id) });";
const DEFINED = "export const teamQuery = queryOptions({ queryKey: ['team'], queryFn: getTeam });";

describe('the data layer rule', () => {
  it.each([
    [`${SRC}/features/teams/admin/x.tsx`, "import { pb } from '../../../lib/pb';"],
    [`${SRC}/features/photoshoot/pages/x.tsx`, "import { FULL_LIST_BATCH } from '../../../lib/pb';"],
    [`${SRC}/shared/x.tsx`, "import { pb } from '../lib/pb';"],
    [`${SRC}/app/x.tsx`, "import { pb } from '../lib/pb';"],
    [`${SRC}/features/account/x.tsx`, "import { ClientResponseError } from 'pocketbase';"],
    [`${SRC}/features/teams/x.tsx`, "import { adminPb } from '../admin/admin-client';"],
  ])('%s: %s is refused', async (file, code) => {
    const found = await errors(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/from a data\/ folder/);
  });

  it.each([
    [`${SRC}/features/teams/data/x.ts`, "import { pb } from '../../../lib/pb';"],
    [`${SRC}/shared/data/x.ts`, "import { pb } from '../../lib/pb';"],
    [`${SRC}/lib/x.ts`, "import { pb } from './pb';"],
    [`${SRC}/features/account/x.tsx`, "import type { RecordModel } from 'pocketbase';"],
    [`${SRC}/features/account/x.test.tsx`, "import { pb } from '../../lib/pb';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await errors(file, code)).toEqual([]);
  });

  it.each([
    [`${SRC}/features/teams/dashboard/x.tsx`, INLINE, /queryOptions\(\{ queryKey, queryFn \}\)/],
    [`${SRC}/features/teams/data/x.ts`, INLINE, /queryOptions\(\{ queryKey, queryFn \}\)/],
    [
      `${SRC}/features/teams/data/x.ts`,
      'const q = { queryKey: [1], queryFn }; queryOptions(q);',
      /queryOptions/,
    ],
    [`${SRC}/features/teams/dashboard/x.tsx`, DEFINED, /Define query options in a data\/ folder/],
    [`${SRC}/lib/x.ts`, DEFINED, /Define query options in a data\/ folder/],
  ])('%s: %s is refused', async (file, code, message) => {
    const found = await errors(file, code, QUERY_RULE);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    [`${SRC}/features/teams/data/x.ts`, DEFINED],
    [`${SRC}/shared/data/x.ts`, DEFINED.replace('queryOptions', 'infiniteQueryOptions')],
    [`${SRC}/features/teams/dashboard/x.tsx`, 'useQuery({ ...teamQuery(id), enabled: !!id });'],
    [`${SRC}/features/teams/x.test.tsx`, INLINE],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await errors(file, code, QUERY_RULE)).toEqual([]);
  });

  it('the web tree keeps them', async () => {
    const results = await rulesOnly().lintFiles([`${SRC}/**/*.{ts,tsx}`]);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => RULES.includes(m.ruleId ?? ''))
        .map((m) => `${r.filePath.slice(ROOT.length)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(200);
    expect(broken).toEqual([]);
  }, 180_000);
});
