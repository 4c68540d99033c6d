/**
 * One data layer: only data/ folders call the server. The lint rule must refuse the SDK client
 * elsewhere, allow it in data/ folders, and the real tree must keep it.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..') + '/';
const SRC = 'apps/web/src';
const RULE = '@typescript-eslint/no-restricted-imports';

// note: the repository's own eslint.config.js, loaded by ESLint (a test import of it would go
// through Vite, which rewrites its `new URL(…, import.meta.url)`); only this rule runs.
const ruleOnly = () => new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === RULE });

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await ruleOnly().lintText(code, { filePath: `${ROOT}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

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

  it('the web tree keeps it', async () => {
    const results = await ruleOnly().lintFiles([`${SRC}/**/*.{ts,tsx}`]);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === RULE)
        .map((m) => `${r.filePath.slice(ROOT.length)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(200);
    expect(broken).toEqual([]);
  }, 180_000);
});
