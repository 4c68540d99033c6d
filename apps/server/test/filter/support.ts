/**
 * Real tables for filter execution tests: SQLite in memory always, PostgreSQL (a private schema)
 * when TEST_DATABASE_URL is set. Columns follow the storage conventions the compiler relies on.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { q } from '../../src/core/db/db.js';
import { defineCollection, type CollectionDef } from '../../src/core/schema/collection.js';
import { f, isMultiValue, type Field } from '../../src/core/schema/fields.js';
import { CollectionRegistry } from '../../src/core/schema/registry.js';
import {
  compileFilter,
  compileSort,
  type FilterContext,
  type RequestInfo,
} from '../../src/core/filter/compile.js';

export type Engine = 'sqlite' | 'postgres';
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  dialect: Engine;
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** `?` → `$n`, as the real PostgreSQL driver does. */
export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export async function openDb(engine: Engine): Promise<TestDb> {
  if (engine === 'sqlite') {
    const db = new Database(':memory:');
    return {
      dialect: 'sqlite',
      all: async (sql, params = []) => {
        const stmt = db.prepare(sql);
        if (!stmt.reader) {
          stmt.run(...params);
          return [];
        }
        return stmt.all(...params) as Record<string, unknown>[];
      },
      exec: async (sql) => void db.exec(sql),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const schema = `tf_${Math.random().toString(36).slice(2, 12)}`;
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path TO ${schema}`);
  return {
    dialect: 'postgres',
    all: async (sql, params = []) => (await client.query(toPgPlaceholders(sql), params)).rows,
    exec: async (sql) => void (await client.query(sql)),
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

function columnType(field: Field, engine: Engine): string {
  const pgEngine = engine === 'postgres';
  if (isMultiValue(field)) return pgEngine ? `jsonb NOT NULL DEFAULT '[]'` : `JSON NOT NULL DEFAULT '[]'`;
  switch (field.type) {
    case 'number':
      return pgEngine ? 'double precision NOT NULL DEFAULT 0' : 'NUMERIC NOT NULL DEFAULT 0';
    case 'bool':
      return pgEngine ? 'boolean NOT NULL DEFAULT false' : 'BOOLEAN NOT NULL DEFAULT 0';
    case 'json':
      return pgEngine ? 'jsonb NULL' : 'JSON NULL';
    default:
      return field.name === 'id' ? 'TEXT PRIMARY KEY' : `TEXT NOT NULL DEFAULT ''`;
  }
}

export async function createTables(db: TestDb, collections: readonly CollectionDef[]): Promise<void> {
  for (const c of collections) {
    const cols = c.fields.map((field) => `${q(field.name)} ${columnType(field, db.dialect)}`);
    await db.exec(`CREATE TABLE ${q(c.name)} (${cols.join(', ')})`);
  }
}

/** Inserts a record given as JS values (arrays for multi fields, objects for JSON). */
export async function insert(db: TestDb, c: CollectionDef, row: Record<string, unknown>): Promise<void> {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(row)) {
    const field = c.fields.find((x) => x.name === key);
    if (!field) throw new Error(`no field ${c.name}.${key}`);
    names.push(q(key));
    if (isMultiValue(field) || field.type === 'json')
      values.push(value === null ? null : JSON.stringify(value));
    else if (field.type === 'bool' && db.dialect === 'sqlite') values.push(value ? 1 : 0);
    else values.push(value);
  }
  const ph = values.map(() => '?').join(', ');
  await db.all(`INSERT INTO ${q(c.name)} (${names.join(', ')}) VALUES (${ph})`, values);
}

// ---------------------------------------------------------------------------------------------
// The test schema.

export const users = defineCollection({
  name: 'users',
  type: 'auth',
  fields: [
    f.text('name'),
    f.number('age'),
    f.select('roles', ['admin', 'editor', 'viewer'], { maxSelect: 3 }),
    f.relation('team', 'teams'),
    f.json('prefs'),
  ],
  listRule: '',
});

export const teams = defineCollection({
  name: 'teams',
  fields: [f.text('name'), f.relation('lead', 'users')],
  listRule: '',
});

export const tags = defineCollection({
  name: 'tags',
  fields: [f.text('name'), f.text('color'), f.relation('owner', 'users')],
  listRule: '',
});

/** Locked list rule: only superusers (or rules) may filter through it. */
export const notes = defineCollection({
  name: 'notes',
  fields: [f.text('body')],
});

/** Visible only to their owner when reached from a client filter. */
export const drafts = defineCollection({
  name: 'drafts',
  fields: [f.text('name'), f.relation('owner', 'users')],
  listRule: "owner = @request.auth.id && owner.name != ''",
});

export const posts = defineCollection({
  name: 'posts',
  fields: [
    f.text('title'),
    f.number('views'),
    f.bool('published'),
    f.relation('author', 'users'),
    f.relation('tags', 'tags', { maxSelect: 10 }),
    f.select('category', ['news', 'blog', 'misc']),
    f.select('labels', ['a', 'b', 'c'], { maxSelect: 3 }),
    f.file('photos', { maxSelect: 5 }),
    f.json('data'),
    f.date('published_at'),
    f.text('secret', { hidden: true }),
    f.relation('parent', 'posts'),
    f.relation('note', 'notes'),
    f.relation('drafts', 'drafts', { maxSelect: 5 }),
  ],
  listRule: '',
});

export const comments = defineCollection({
  name: 'comments',
  fields: [f.relation('post', 'posts'), f.text('message'), f.relation('author', 'users')],
  listRule: '',
});

/** A multi relation pointing at posts, for back-relations through a JSON array. */
export const bookmarks = defineCollection({
  name: 'bookmarks',
  fields: [f.relation('posts', 'posts', { maxSelect: 50 }), f.relation('user', 'users')],
  listRule: '',
});

export const team_members = defineCollection({
  name: 'team_members',
  fields: [f.relation('user', 'users'), f.relation('team', 'teams'), f.text('role')],
  listRule: '',
});

export const allCollections = [users, teams, tags, notes, drafts, posts, comments, bookmarks, team_members];
export const registry = new CollectionRegistry(allCollections);

const D = '2024-05-01 10:00:00.000Z';
export const fixtures: Array<[CollectionDef, Record<string, unknown>]> = [
  [
    users,
    {
      id: 'u1',
      email: 'ann@x.io',
      emailVisibility: true,
      verified: false,
      name: 'Ann',
      age: 30,
      roles: ['admin', 'editor'],
      team: 't1',
      prefs: { theme: 'dark', n: 3 },
      password: 'h1',
      tokenKey: 'k1',
    },
  ],
  [
    users,
    {
      id: 'u2',
      email: 'bob@x.io',
      emailVisibility: false,
      verified: true,
      name: 'Bob',
      age: 25,
      roles: ['viewer'],
      team: 't2',
      prefs: null,
      password: 'h2',
      tokenKey: 'k2',
    },
  ],
  [
    users,
    {
      id: 'u3',
      email: 'cy@x.io',
      emailVisibility: true,
      verified: false,
      name: 'cy',
      age: 41,
      roles: [],
      team: '',
      prefs: { theme: 'light' },
      password: 'h3',
      tokenKey: 'k3',
    },
  ],
  [teams, { id: 't1', name: 'Red', lead: 'u1' }],
  [teams, { id: 't2', name: 'Blue', lead: 'u2' }],
  [tags, { id: 'g1', name: 'js', color: 'yellow', owner: 'u1' }],
  [tags, { id: 'g2', name: 'ts', color: 'blue', owner: 'u2' }],
  [tags, { id: 'g3', name: 'go', color: 'blue', owner: 'u1' }],
  [notes, { id: 'n1', body: 'hidden' }],
  [drafts, { id: 'd1', name: 'd-one', owner: 'u1' }],
  [drafts, { id: 'd2', name: 'd-two', owner: 'u2' }],
  [
    posts,
    {
      id: 'p1',
      note: 'n1',
      drafts: ['d1', 'd2'],
      title: 'Hello World',
      views: 10,
      published: true,
      author: 'u1',
      tags: ['g1', 'g2'],
      category: 'news',
      labels: ['a', 'b'],
      photos: ['x.png'],
      data: { a: { b: 1 }, items: ['first', 'second'], s: 'str', flag: true },
      published_at: D,
      secret: 's1',
    },
  ],
  [
    posts,
    {
      id: 'p2',
      drafts: ['d2'],
      title: '100% pure',
      views: 5,
      published: false,
      author: 'u2',
      tags: ['g2'],
      category: 'blog',
      labels: ['a'],
      photos: [],
      data: { a: { b: 2 }, items: [], s: 'other' },
      published_at: '2024-06-01 10:00:00.000Z',
      secret: 's2',
      parent: 'p1',
    },
  ],
  [
    posts,
    {
      id: 'p3',
      title: '',
      views: 0,
      published: false,
      author: '',
      tags: [],
      category: '',
      labels: [],
      photos: [],
      data: null,
      published_at: '',
      secret: '',
    },
  ],
  [
    posts,
    {
      id: 'p4',
      title: 'under_score \\ back',
      views: 7.5,
      published: true,
      author: 'u3',
      tags: ['g1', 'g2', 'g3'],
      category: 'misc',
      labels: ['a', 'b', 'c'],
      photos: ['y.png', 'z.png'],
      data: { a: { b: '2' }, items: ['first'] },
      published_at: '2023-01-01 00:00:00.000Z',
      secret: 's4',
      parent: 'p2',
    },
  ],
  [comments, { id: 'c1', post: 'p1', message: 'nice', author: 'u2' }],
  [comments, { id: 'c2', post: 'p1', message: 'great post', author: 'u3' }],
  [comments, { id: 'c3', post: 'p2', message: 'meh', author: 'u1' }],
  [bookmarks, { id: 'b1', posts: ['p1', 'p2'], user: 'u1' }],
  [bookmarks, { id: 'b2', posts: ['p2'], user: 'u2' }],
  [team_members, { id: 'm1', user: 'u1', team: 't1', role: 'owner' }],
  [team_members, { id: 'm2', user: 'u2', team: 't1', role: 'member' }],
  [team_members, { id: 'm3', user: 'u2', team: 't2', role: 'owner' }],
];

export async function seed(db: TestDb): Promise<void> {
  await createTables(db, allCollections);
  for (const [c, row] of fixtures) await insert(db, c, row);
}

export function authRecord(id: string): { collection: CollectionDef; record: Record<string, unknown> } {
  const row = fixtures.find(([c, r]) => c === users && r.id === id)![1];
  return { collection: users, record: { ...row } };
}

export function request(over: Partial<RequestInfo> = {}): RequestInfo {
  return { auth: null, method: 'GET', context: 'default', headers: {}, query: {}, body: {}, ...over };
}

export type RunOptions = Partial<Omit<FilterContext, 'dialect' | 'registry'>> & { sort?: string };

export function context(db: TestDb, opts: RunOptions = {}): FilterContext {
  const { sort: _sort, ...rest } = opts;
  return {
    dialect: db.dialect,
    registry,
    collection: posts,
    alias: 'r',
    request: request(),
    allowHidden: true,
    allowRequestAndCollection: true,
    ...rest,
  };
}

/** Runs `filter` (and `sort`) against the base collection; returns the matching ids. */
export async function run(db: TestDb, filter: string, opts: RunOptions = {}): Promise<string[]> {
  const ctx = context(db, opts);
  const where = compileFilter(filter, ctx);
  const order = opts.sort ? compileSort(opts.sort, ctx) : { sql: '', params: [] };
  const sql = `SELECT r.id FROM ${q(ctx.collection.name)} r WHERE ${where.sql}${order.sql ? ` ORDER BY ${order.sql}` : ' ORDER BY r.id'}`;
  const rows = await db.all(sql, [...where.params, ...order.params]);
  return rows.map((r) => String(r.id));
}

/** Runs only a sort over all rows of the base collection. */
export async function sorted(db: TestDb, sort: string, opts: RunOptions = {}): Promise<string[]> {
  const ctx = context(db, opts);
  const order = compileSort(sort, ctx);
  const orderBy = order.sql ? ` ORDER BY ${order.sql}` : '';
  const rows = await db.all(`SELECT r.id FROM ${q(ctx.collection.name)} r${orderBy}`, [...order.params]);
  return rows.map((r) => String(r.id));
}
