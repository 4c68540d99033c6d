/**
 * The list's SQL texts (core/records/list-sql.ts) are rebuilt whenever a condition or the sort
 * changes, and reused (the same string objects, so the statement cache finds them without hashing
 * a new string) while they stay the same.
 */
import { describe, expect, it } from 'vitest';
import { listSql } from '../../src/core/records/list-sql.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

const notes = defineCollection({ name: 'sql_notes', fields: [f.text('title'), f.number('n')] });
const other = defineCollection({ name: 'sql_other', fields: [f.text('title')] });

describe('listSql', () => {
  it('ANDs the parenthesised conditions and appends the sort and paging', () => {
    const sql = listSql(notes, ['"r"."n" > ?', '"r"."title" = ?'], '"r"."n" DESC');
    expect(sql.page).toBe(
      'SELECT r.* FROM "sql_notes" r WHERE ("r"."n" > ?) AND ("r"."title" = ?) ORDER BY "r"."n" DESC LIMIT ? OFFSET ?',
    );
    expect(sql.count).toBe(
      'SELECT COUNT(*) AS n FROM "sql_notes" r WHERE ("r"."n" > ?) AND ("r"."title" = ?)',
    );
    expect(listSql(notes, [], '').page).toBe('SELECT r.* FROM "sql_notes" r LIMIT ? OFFSET ?');
  });

  it('reuses the texts for the same conditions and sort, and rebuilds them for any other', () => {
    const a = listSql(notes, ['"r"."n" > ?'], '"r"."n"');
    expect(listSql(notes, ['"r"."n" > ?'], '"r"."n"')).toBe(a);
    expect(listSql(notes, ['"r"."n" < ?'], '"r"."n"').page).toContain('WHERE ("r"."n" < ?) ORDER BY');
    expect(listSql(notes, ['"r"."n" < ?'], '"r"."title"').page).toContain('ORDER BY "r"."title" LIMIT');
    expect(listSql(notes, ['"r"."n" < ?', '1'], '"r"."title"').count).toMatch(/\(1\)$/);
    expect(listSql(notes, [], '"r"."title"').count).toBe('SELECT COUNT(*) AS n FROM "sql_notes" r');
    expect(listSql(other, [], '"r"."title"').count).toBe('SELECT COUNT(*) AS n FROM "sql_other" r');
    expect(listSql(notes, ['"r"."n" > ?'], '"r"."n"')).not.toBe(a);
    expect(listSql(notes, ['"r"."n" > ?'], '"r"."n"').page).toBe(a.page);
  });
});
