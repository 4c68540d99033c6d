/**
 * The rule memo keeps a compilation only for exactly the request values it read, and never one that
 * depends on the clock.
 */
import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/core/filter/compile.js';
import type { Db } from '../../src/core/db/db.js';
import { memoizedRule } from '../../src/core/records/rule-memo.js';
import { filterContext } from '../../src/core/records/rules.js';
import type { Caller } from '../../src/core/records/caller.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { CollectionRegistry } from '../../src/core/schema/registry.js';
import { users as usersCollection } from '../../src/core/collections/users.js';

const posts = defineCollection({
  name: 'memo_posts',
  fields: [f.text('title'), f.relation('author', 'users'), f.text('created_by_ip')],
});

function setup() {
  const registry = new CollectionRegistry([usersCollection, posts]);
  const db = { dialect: 'sqlite' } as Db;
  const users = registry.require('users');
  const caller = (id: string | null, headers: Record<string, string> = {}, extra = {}): Caller => ({
    auth: id ? { collection: users, record: { id, ...extra }, refreshable: true, token: '' } : null,
    method: 'GET',
    headers,
    query: {},
    context: 'default',
  });
  let compiles = 0;
  const run = (rule: string, c: Caller) => {
    const opts = { forRule: true, superuser: false };
    const request = filterContext(db, registry, posts, c, opts).request!;
    return memoizedRule(
      { registry, collection: posts, dialect: 'sqlite', rule },
      request,
      (traced, onMacro) => {
        compiles++;
        return compileFilter(rule, { ...filterContext(db, registry, posts, c, opts, traced), onMacro });
      },
    );
  };
  return { run, caller, compiles: () => compiles };
}

describe('rule memo', () => {
  it('compiles once per distinct value read, and gives each caller its own parameters', () => {
    const { run, caller, compiles } = setup();
    const rule = 'author = @request.auth.id';
    const a1 = run(rule, caller('aaaaaaaaaaaaaaa'));
    const a2 = run(rule, caller('aaaaaaaaaaaaaaa', { x_other: 'ignored' }));
    expect(compiles()).toBe(1);
    expect(a2).toBe(a1);
    const b = run(rule, caller('bbbbbbbbbbbbbbb'));
    expect(compiles()).toBe(2);
    expect(b.params).toEqual(['bbbbbbbbbbbbbbb']);
    expect(a1.params).toEqual(['aaaaaaaaaaaaaaa']);
    const guest = run(rule, caller(null));
    expect(compiles()).toBe(3);
    expect(guest.params).toEqual([]);
    expect(run(rule, caller(null)).sql).toBe(guest.sql);
    expect(compiles()).toBe(3);
  });

  it('keys on every auth field, header and existence the rule reads', () => {
    const { run, caller, compiles } = setup();
    const rule = "@request.auth.name = 'x' && @request.headers.x_token:isset = true";
    run(rule, caller('aaaaaaaaaaaaaaa', { x_token: '1' }, { name: 'x' }));
    run(rule, caller('aaaaaaaaaaaaaaa', { x_token: '1' }, { name: 'x' }));
    expect(compiles()).toBe(1);
    const renamed = run(rule, caller('aaaaaaaaaaaaaaa', { x_token: '1' }, { name: 'y' }));
    expect(renamed.params).toContain('y');
    expect(compiles()).toBe(2);
    run(rule, caller('aaaaaaaaaaaaaaa', {}, { name: 'x' }));
    expect(compiles()).toBe(3);
  });

  it('never keeps a compilation that read a date macro', () => {
    const { run, caller, compiles } = setup();
    const rule = 'created < @now';
    run(rule, caller('aaaaaaaaaaaaaaa'));
    run(rule, caller('aaaaaaaaaaaaaaa'));
    expect(compiles()).toBe(2);
  });

  it('keeps a different entry for an edited rule text', () => {
    const { run, caller, compiles } = setup();
    run('author = @request.auth.id', caller('aaaaaaaaaaaaaaa'));
    const edited = run("author = @request.auth.id && title != ''", caller('aaaaaaaaaaaaaaa'));
    expect(compiles()).toBe(2);
    expect(edited.sql).toContain('title');
  });
});
