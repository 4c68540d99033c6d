/**
 * The import boundaries (decision 020) are lint rules: a deliberate violation must fail, and the
 * real tree must pass. The whole-tree check runs the boundary rules alone (no type information, so
 * it stays quick); the full config (with types) is exercised on one real file.
 */
import { readFile } from 'node:fs/promises';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ROOT, SRC, treeLinter } from './lint-tree.js';

// note: through a URL, as the config is plain JavaScript without type declarations.
const CONFIG = new URL('../../../../eslint.config.js', import.meta.url).href;
const { serverBoundaries } = (await import(CONFIG)) as { serverBoundaries: Linter.Config[] };

const boundariesOnly = () => treeLinter(serverBoundaries);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await boundariesOnly().lintText(code, { filePath: `${ROOT}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    [`${SRC}/core/records/x.ts`, "import type { FastifyInstance } from 'fastify';", /knows nothing of HTTP/],
    [
      `${SRC}/core/records/x.ts`,
      "import { requireAuth } from '../../apis/guards.js';",
      /knows nothing of HTTP/,
    ],
    [`${SRC}/core/x.ts`, "import { modules } from '../modules.js';", /knows nothing of the product/],
    [
      `${SRC}/core/cron/x.ts`,
      "import { runRetention } from '../../modules/delivery/retention.js';",
      /product/,
    ],
    [`${SRC}/apis/x.ts`, "import { teamsModule } from '../modules/teams/index.js';", /product/],
    [`${SRC}/tools/x.ts`, "import { ApiError } from '../core/errors.js';", /imports nothing of the app/],
    [`${SRC}/modules/payments/refund.ts`, "import { sendJson } from '../../apis/respond.js';", /HTTP/],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [`${SRC}/modules/payments/http/x.ts`, "import { sendJson } from '../../../apis/respond.js';"],
    [`${SRC}/modules/payments/index.ts`, "import type { HttpModule } from '../../apis/http-module.js';"],
    [`${SRC}/modules/payments/x.ts`, "import { transition } from '../photoshoots/lifecycle.js';"],
    [`${SRC}/apis/x.ts`, "import { ApiError } from '../core/errors.js';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('the server tree keeps them', async () => {
    const results = await boundariesOnly().lintFiles([`${SRC}/**/*.ts`]);
    const broken = results.flatMap((r) =>
      r.messages.map((m) => `${r.filePath.slice(ROOT.length)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(300);
    expect(broken).toEqual([]);
    // Parsing the whole tree takes seconds alone and minutes beside a full parallel run.
  }, 180_000);

  it('the repository config refuses a core file importing the HTTP layer', async () => {
    const file = `${ROOT}${SRC}/core/params.ts`;
    const code = `${await readFile(file, 'utf8')}\nexport type { ServerOptions } from '../apis/server.js';\n`;
    // The rule as the repository's own config resolves it for this file, run without type
    // information: linting unsaved text with the typed parser could see the file as it is on disk
    // (once in a full run it reported nothing, in a third of the usual time).
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(file)) as Linter.Config;
    const rule = config.rules?.['no-restricted-imports'];
    expect(rule).toBeDefined();
    const messages = new Linter({ configType: 'flat' }).verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          rules: { 'no-restricted-imports': rule! },
        },
      ],
      file,
    );
    expect(messages.map((m) => m.message)).toEqual([expect.stringMatching(/knows nothing of HTTP/)]);
  }, 120_000);
});
