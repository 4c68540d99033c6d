/**
 * CI's guard against a stale contract: src/records.gen.ts must be exactly what the server's current
 * collection definitions produce. Fix a failure with `npm run contract:gen`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collections, generateRecords } from '../scripts/generate-records.js';
import { pascalName, RECORDS_FILE, renderRecords } from '../scripts/render-records.js';

describe('generated record types', () => {
  it('are up to date with the server collection definitions (npm run contract:gen)', async () => {
    expect(readFileSync(RECORDS_FILE, 'utf8')).toBe(await generateRecords());
  });

  it('have one record type per collection and leave hidden fields out', () => {
    const text = renderRecords([...collections]);
    for (const c of collections) expect(text).toContain(`export type ${pascalName(c.name)}Record<`);
    const photoshoots = text.slice(text.indexOf('export type PhotoshootsRecord<'));
    const body = photoshoots.slice(0, photoshoots.indexOf('};'));
    expect(body).toContain('  status:');
    expect(body).not.toContain('leaseOwner');
    expect(body).not.toContain('password');
  });

  it('map each field kind to its wire type', () => {
    const text = renderRecords([
      {
        name: 'things',
        type: 'base',
        fields: [
          { name: 'label', type: 'text' },
          { name: 'count', type: 'number' },
          { name: 'done', type: 'bool' },
          { name: 'size', type: 'select', values: ['s', 'm'], maxSelect: 1 },
          { name: 'kind', type: 'select', values: ['a', "b'c"], maxSelect: 1, required: true },
          { name: 'tags', type: 'select', values: ['x', 'y'], maxSelect: 3 },
          { name: 'owner', type: 'relation', maxSelect: 1 },
          { name: 'friends', type: 'relation', maxSelect: 9 },
          { name: 'photos', type: 'file', maxSelect: 4 },
          { name: 'meta', type: 'json' },
          { name: 'due', type: 'date' },
          { name: 'secret', type: 'text', hidden: true },
        ],
      },
    ]);
    for (const line of [
      "collectionName: 'things';",
      'label: string;',
      'count: number;',
      'done: boolean;',
      "size: 's' | 'm' | '';",
      "kind: 'a' | 'b\\'c';",
      "tags: ('x' | 'y')[];",
      'owner: string;',
      'friends: string[];',
      'photos: string[];',
      'meta: unknown;',
      'due: string;',
      "things: { size: ['s', 'm'], kind: ['a', 'b\\'c'], tags: ['x', 'y'] },",
    ])
      expect(text).toContain(line);
    expect(text).not.toContain('secret');
  });
});
