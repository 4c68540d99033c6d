/**
 * Comments and test names must make sense to someone who has only the repository: they say the
 * rule itself, or point at a file in it (docs/decisions/, docs/ARCHITECTURE.md), never at sections
 * of documents outside it or at tracker issues. Public standards (RFCs, OpenID Connect) may be
 * cited by section, as anyone can read them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
const FOLDERS = ['apps', 'packages', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;

const OUTSIDE = [
  /\bDESIGN ?§/,
  /\bDESIGN\.md\b/,
  /\bseed ?§/i,
  /\bprotocol ?§/i,
  /pocketbase-protocol\.md/,
  /shared\/reference\//,
  /\bissue #?\d+/i,
  /\bscenarios? \d+/i,
];
/** A section of a public standard, which any reader can look up. */
const STANDARD = /\b(RFC \d+|OpenID Connect(?: [A-Z][a-z]+)*) §[\d.]+/g;
const SECTION = /§ ?\d/;

/** The reason a line cites something outside the repository, or null. */
function outsideCitation(line: string): string | null {
  const hit = OUTSIDE.find((pattern) => pattern.test(line));
  if (hit) return `matches ${hit}`;
  return SECTION.test(line.replace(STANDARD, '')) ? 'cites a section (§) of an unnamed document' : null;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !SKIP.has(entry.name))
      .map(async (entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sourceFiles(path);
        return SOURCE.test(entry.name) ? [path] : [];
      }),
  );
  return nested.flat();
}

describe('comments stand on their own', () => {
  it.each([
    ['// The photoshoot lifecycle (DESIGN §5).'],
    ['/** Rate limits (protocol §0.2). */'],
    ["it('answers as the seed §8 says', () => {"],
    ['// Fixed after issue 17: the body was read whole.'],
    ['// See issue #3.'],
    ["it('scenario 37: connect frame', () => {"],
    ['// note: the 403 of §3.5.'],
  ])('flags %s', (line) => {
    expect(outsideCitation(line)).not.toBeNull();
  });

  it.each([
    ['// RFC 6749 §2.3.1 form-encodes the credentials.'],
    ['// OpenID Connect Discovery §4.3: the document names its issuer.'],
    ['// PocketBase refuses longer filters outright (decision 021).'],
  ])('lets %s through', (line) => {
    expect(outsideCitation(line)).toBeNull();
  });

  it('holds in every source, test, bench and script file', async () => {
    const files = (await Promise.all(FOLDERS.map(sourceFiles))).flat().filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(500);
    const offenders: string[] = [];
    for (const file of files) {
      const lines = (await readFile(join(ROOT, file), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        const why = outsideCitation(line);
        if (why) offenders.push(`${file}:${i + 1}: ${why}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
