/**
 * Record data in the modules is read through the generated record types (src/modules/record-of.ts),
 * not cast field by field with `String(x.field)` or `Number(x.field)`. The casts that remain are
 * counted here, and the count may only go down: lower MAX_CASTS when you remove some.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = fileURLToPath(new URL('../../src/modules/', import.meta.url));

/** The casts left in src/modules; only ever lowered. */
const MAX_CASTS = 17;

/** `String(` or `Number(` around a property read (`String(r.id)`, `Number(row?.n ?? 0)`). */
const CAST = /\b(String|Number)\(\s*[A-Za-z_$][\w$]*(?:[?!]?\.[A-Za-z_$][\w$]*)+/g;

function castsIn(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return code.match(CAST)?.length ?? 0;
}

async function moduleFiles(dir = MODULES): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await moduleFiles(path)));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

describe('record casts in the modules', () => {
  it(`stay at or below ${MAX_CASTS}`, async () => {
    let total = 0;
    for (const file of await moduleFiles()) total += castsIn(await readFile(file, 'utf8'));
    expect(total).toBeLessThanOrEqual(MAX_CASTS);
  });

  it('counts casts of property reads only, comments aside', () => {
    expect(castsIn('String(r.id); Number(row?.n ?? 0); String(a.b.c) // String(x.y)')).toBe(3);
    expect(castsIn('String(id); Number(count); r.id; Strings(r.id)')).toBe(0);
  });
});
