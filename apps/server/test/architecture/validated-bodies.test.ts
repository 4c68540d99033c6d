/**
 * Custom endpoints read their bodies one way: `readValidBody(req, schema)` with the endpoint's
 * schema from `@photoshoot/contract/bodies` (apis/valid-body.ts). A binder in modules/<area>/http/
 * that reads a body by hand (`readBody`, `req.body`) fails here unless it is listed below with the
 * reason; the list may only shrink. PocketBase's own endpoints (apis/) read theirs as PocketBase
 * does and are outside this rule.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = fileURLToPath(new URL('../../src/modules/', import.meta.url));

/** Binder file → how many hand reads it may keep, and why. */
const KNOWN: Record<string, { reads: number; why: string }> = {
  'teams/http/team-routes.ts': {
    reads: 1,
    why: 'PATCH /api/teams/{id} is a record write (multipart, with files), checked by the teams collection like any record',
  },
  // Signed bytes in the provider's format: verified as they arrived, before anything parses them.
  'payments/http/payments-webhook.ts': { reads: 1, why: "Stripe's signed webhook body" },
  'hosted-providers/http/processing-webhooks.ts': { reads: 1, why: "hosted providers' signed callbacks" },
};

/** `readBody(` calls and reads of `req.body` (a raw body counted once per statement). */
function handReads(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const readBodies = code.match(/\breadBody\(/g)?.length ?? 0;
  const rawLines = code.split('\n').filter((line) => /\b(req|request)\.body\b/.test(line)).length;
  return readBodies + rawLines;
}

async function binders(): Promise<string[]> {
  const out: string[] = [];
  for (const area of await readdir(MODULES, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    const http = join(MODULES, area.name, 'http');
    const files = await readdir(http).catch(() => [] as string[]);
    for (const file of files) if (file.endsWith('.ts')) out.push(join(http, file));
  }
  return out;
}

describe('custom endpoint bodies', () => {
  it('are read with their schema; only the listed binders read bodies by hand, no more than listed', async () => {
    const found: Record<string, number> = {};
    for (const file of await binders()) {
      const reads = handReads(await readFile(file, 'utf8'));
      if (reads) found[relative(MODULES, file)] = reads;
    }
    expect(found).toEqual(
      Object.fromEntries(Object.entries(KNOWN).map(([file, { reads }]) => [file, reads])),
    );
  });

  it('counts hand reads in a binder, comments aside', () => {
    expect(handReads('const { body } = await readBody(req);\n// readBody(req) in a comment\n')).toBe(1);
    expect(handReads('const raw = Buffer.isBuffer(req.body) ? req.body : none;\ncheck(req.body);')).toBe(2);
    expect(handReads('const b = await readValidBody(req, redoBody);')).toBe(0);
  });
});
