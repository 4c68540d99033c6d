/**
 * Compiles filters and sorts and runs them against real tables, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL; every case must give the same ids on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import {
  authRecord,
  bookmarks,
  engines,
  openDb,
  posts,
  request,
  run,
  seed,
  sorted,
  teams,
  users,
  type RunOptions,
  type TestDb,
} from './support.js';

const ALL = ['p1', 'p2', 'p3', 'p4'];
const NOW = new Date('2024-05-15T12:34:56.789Z');

type Case = [filter: string, expected: string[], opts?: RunOptions];

async function expectStatus(p: Promise<unknown>, status: number): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected an ApiError').toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  expect((err as ApiError).data).toEqual({});
}

describe.each(engines)('filter execution on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openDb(engine);
    await seed(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  const table = (name: string, cases: Case[]): void => {
    describe(name, () => {
      it.each(cases)('%s', async (filter, expected, opts) => {
        expect(await run(db, filter, { now: NOW, ...opts })).toEqual(expected);
      });
    });
  };

  table('operators and literals', [
    ["title = 'Hello World'", ['p1']],
    ["'Hello World' = title", ['p1']],
    ["title != 'Hello World'", ['p2', 'p3', 'p4']],
    ["title ?= 'Hello World'", ['p1']],
    ["title ?!= 'Hello World'", ['p2', 'p3', 'p4']],
    ['views > 5', ['p1', 'p4']],
    ['views ?> 5', ['p1', 'p4']],
    ['views >= 5', ['p1', 'p2', 'p4']],
    ['views < 5', ['p3']],
    ['views <= 5', ['p2', 'p3']],
    ['views ?<= 5', ['p2', 'p3']],
    ['views ?>= 7.5', ['p1', 'p4']],
    ['views ?< 1', ['p3']],
    ['views = 7.5', ['p4']],
    ['views = -0', ['p3']],
    ['views > -1.5', ALL],
    ['views = "5"', ['p2']],
    ["views = 'abc'", []],
    ['published = true', ['p1', 'p4']],
    ['published = TRUE', ['p1', 'p4']],
    ['published = 1', ['p1', 'p4']],
    ['published = "true"', ['p1', 'p4']],
    ['published = false', ['p2', 'p3']],
    ['published != true', ['p2', 'p3']],
    ['published = 2', []],
    ['1 = 1', ALL],
    ['1 = 2', []],
    ["'a' = 'a'", ALL],
    ['1 = "1"', ALL],
    ['true = 1', ALL],
    ["title > 'a'", ['p4']],
    ["title < 'H'", ['p2', 'p3']],
    ["category = 'news'", ['p1']],
    ["published_at > '2024-01-01'", ['p1', 'p2']],
    ['views = title', []],
    ["title = 'x' || views = 0 && published = false", ['p3']],
    ["(title = 'x' || views = 0) && published = false", ['p3']],
    ["title = 'Hello World' || title = '' && views > 100", ['p1']],
    ["(title = 'Hello World' || title = '') && views > 100", []],
    ["((views > 1) && (views < 8)) || (((title = '')))", ['p2', 'p3', 'p4']],
    ['views > 1 // a comment\n && views < 8', ['p2', 'p4']],
  ]);

  table('null safety', [
    ['title = null', ['p3']],
    ["title = ''", ['p3']],
    ['title != null', ['p1', 'p2', 'p4']],
    ["title != ''", ['p1', 'p2', 'p4']],
    ['null = title', ['p3']],
    ['null = null', ALL],
    ["null = ''", ALL],
    ['views = null', []],
    ['views != null', ALL],
    ["author.name != 'Ann'", ['p2', 'p3', 'p4']],
    ["author.name = ''", ['p3']],
    ['author.name = null', ['p3']],
    ['author.age > 0', ['p1', 'p2', 'p4']],
    ['author.age != 25', ['p1', 'p3', 'p4']],
  ]);

  table('LIKE', [
    ["title ~ 'hello'", ['p1']],
    ["title ~ 'WORLD'", ['p1']],
    ["title ?~ 'world'", ['p1']],
    ["title !~ 'o'", ['p2', 'p3']],
    ["title ?!~ 'o'", ['p2', 'p3']],
    ["title ~ '100%'", ['p2']],
    ["title ~ '%pure'", ['p2']],
    ["title ~ 'Hello%'", ['p1']],
    ["title ~ '_'", ['p4']],
    ["title ~ 'h_llo'", []],
    ["title ~ '%'", ALL],
    ['title ~ "\\ b"', ['p4']],
    ['title ~ 100', ['p2']],
    ["title ~ ''", ALL],
    ['title ~ null', ALL],
    ["title !~ ''", []],
    ["author.name ~ 'n'", ['p1']],
    ['title ~ category', ['p3']],
    ["'the Hello World post' ~ title", ['p1', 'p3']],
  ]);

  table('relations', [
    ["author.name = 'Ann'", ['p1']],
    ["author = 'u1'", ['p1']],
    ["author.id = 'u1'", ['p1']],
    ["author.team.name = 'Red'", ['p1']],
    ["author.team.lead.name = 'Bob'", ['p2']],
    ["parent.parent.title = 'Hello World'", ['p4']],
    ["parent.parent.parent.parent.parent.parent.title = 'x'", []],
    ["tags.name ?= 'ts'", ['p1', 'p2', 'p4']],
    ["tags.name = 'ts'", ['p2']],
    ["tags.name != 'js'", ['p2', 'p3']],
    ["tags.name ?!= 'js'", ALL],
    ["tags.color = 'blue'", ['p2']],
    ["tags.color ?= 'yellow'", ['p1', 'p4']],
    ["tags.name ?~ 'S'", ['p1', 'p2', 'p4']],
    ["tags.name !~ 'o'", ['p1', 'p2', 'p3']],
    ["tags.owner.name ?= 'Bob'", ['p1', 'p2', 'p4']],
    ["tags.owner.name = 'Ann'", []],
    ["tags.owner.team.name ?= 'Blue'", ['p1', 'p2', 'p4']],
    ["tags.id ?= 'g3'", ['p4']],
    ["'ts' ?= tags.name", ['p1', 'p2', 'p4']],
    ['tags.name ?= author.name', ['p3']],
    ["tags ~ 'g3'", ['p4']],
    ["tags = '[]'", ['p3']],
  ]);

  table('multi-value modifiers', [
    ['tags:length = 2', ['p1']],
    ['tags:length > 0', ['p1', 'p2', 'p4']],
    ['tags:length = 0', ['p3']],
    ["tags:each ?= 'g1'", ['p1', 'p4']],
    ["tags:each = 'g2'", ['p2']],
    ["labels:each = 'a'", ['p2']],
    ["labels:each ?= 'c'", ['p4']],
    ["labels:each != 'c'", ['p1', 'p2', 'p3']],
    ["labels:each ?!= 'a'", ['p1', 'p3', 'p4']],
    ["labels:each ?~ 'B'", ['p1', 'p4']],
    ['labels:length = 3', ['p4']],
    ['photos:length = 1', ['p1']],
    ["photos:each ?~ 'png'", ['p1', 'p4']],
    ["category:each = 'news'", ['p1']],
    ['category:length = 1', ['p1', 'p2', 'p4']],
    ["title:lower = 'hello world'", ['p1']],
    ["author.name:lower = 'ann'", ['p1']],
    ["tags.name:lower ?= 'JS'", []],
    ["tags.name:lower ?= 'js'", ['p1', 'p4']],
    ['author.roles:length = 2', ['p1']],
    ["author.roles:each ?= 'viewer'", ['p2']],
    ['tags:each ?= tags:each', ALL],
    ['labels:each = labels:each', ['p2', 'p3']],
  ]);

  table('back-relations', [
    ["comments_via_post.message ?= 'nice'", ['p1']],
    ["comments_via_post.message ?~ 'great'", ['p1']],
    ["comments_via_post.message = 'meh'", ['p2']],
    ["comments_via_post.author.name ?= 'Ann'", ['p2']],
    ["comments_via_post.id ?!= ''", ['p1', 'p2']],
    ["comments_via_post.id = ''", ['p3', 'p4']],
    ["bookmarks_via_posts.user ?= 'u2'", ['p2']],
    ["bookmarks_via_posts.user.name ?= 'Ann'", ['p1', 'p2']],
    ["bookmarks_via_posts.id = 'b1'", ['p1']],
    ["posts_via_parent.title ?= '100% pure'", ['p1']],
    ["author.tags_via_owner.name ?= 'go'", ['p1']],
  ]);

  table('JSON paths', [
    ['data.a.b = 1', ['p1']],
    ['data.a.b = 2', ['p2']],
    ["data.a.b = '2'", ['p4']],
    ['data.a.b != 1', ['p2', 'p3', 'p4']],
    ["data.items.0 = 'first'", ['p1', 'p4']],
    ["data.items.1 = 'second'", ['p1']],
    ["data.s ~ 'str'", ['p1']],
    ["data.s:lower = 'other'", ['p2']],
    ['data.flag = true', ['p1']],
    ['data.missing = null', ALL],
    ['data = null', ['p3']],
    ['data.a.b != null', ['p1', 'p2', 'p4']],
    ["data.s = ''", []],
    ['data.s = title', []],
    ["author.prefs.theme = 'dark'", ['p1']],
    ['author.prefs.n >= 3', ['p1']],
  ]);

  table('hidden fields', [
    ["secret = 's1'", ['p1']],
    ["author.email = 'bob@x.io'", ['p2']],
    ["author.email = 'bob@x.io'", [], { allowHidden: false }],
    ["author.email ~ 'x.io'", ['p1', 'p4'], { allowHidden: false }],
    ["author.email:lower ?= 'ann@x.io'", ['p1'], { allowHidden: false }],
    ["comments_via_post.author.email ?= 'bob@x.io'", [], { allowHidden: false }],
    ["comments_via_post.author.email ?= 'bob@x.io'", ['p1']],
    ["email ~ 'x.io'", ['u1', 'u3'], { collection: users, allowHidden: false }],
    ["email ~ 'x.io'", ['u1', 'u2', 'u3'], { collection: users }],
    ["email:lower != 'nobody'", ['u1', 'u3'], { collection: users, allowHidden: false }],
  ]);

  const client = (id: string | null): RunOptions => ({
    allowHidden: false,
    allowRequestAndCollection: false,
    request: request({ auth: id ? authRecord(id) : null }),
  });
  table('list rules of related collections (client filters)', [
    ["note.body = 'hidden'", ['p1']],
    ["note = 'n1'", ['p1'], client('u1')],
    ["note.id = 'n1'", ['p1'], client('u1')],
    ["drafts.name ?= 'd-one'", ['p1'], client('u1')],
    ["drafts.name ?= 'd-one'", [], client('u2')],
    ["drafts.name ?= 'd-two'", [], client('u1')],
    ["drafts.name ?= 'd-two'", ['p1', 'p2'], client('u2')],
    ["drafts.name ?= 'd-two'", [], client(null)],
    ["drafts.name ?= 'd-two'", ['p1', 'p2']],
    ["drafts.owner.name ?= 'Bob'", ['p1', 'p2'], client('u2')],
    ["drafts.owner.name ?= 'Bob'", [], client('u1')],
    ["drafts.name = 'd-two'", ['p2'], client('u2')],
    ["drafts ~ 'd1'", ['p1'], client('u2')],
  ]);

  table('date macros', [
    ["published_at != '' && published_at < @now", ['p1', 'p4']],
    ['published_at >= @monthStart && published_at <= @monthEnd', ['p1']],
    ['published_at >= @yearStart && published_at <= @yearEnd', ['p1', 'p2']],
    ["@now = '2024-05-15 12:34:56.789Z'", ALL],
    ["@yesterday = '2024-05-14 12:34:56.789Z' && @tomorrow = '2024-05-16 12:34:56.789Z'", ALL],
    ["@todayStart = '2024-05-15 00:00:00.000Z' && @todayEnd = '2024-05-15 23:59:59.999Z'", ALL],
    ["@monthStart = '2024-05-01 00:00:00.000Z' && @monthEnd = '2024-05-31 23:59:59.999Z'", ALL],
    ["@yearStart = '2024-01-01 00:00:00.000Z' && @yearEnd = '2024-12-31 23:59:59.999Z'", ALL],
    [
      '@second = 56 && @minute = 34 && @hour = 12 && @day = 15 && @month = 5 && @weekday = 3 && @year = 2024',
      ALL,
    ],
    ["@year = '2024'", ALL],
  ]);

  const u1 = { request: request({ auth: authRecord('u1') }) };
  const u2 = { request: request({ auth: authRecord('u2') }) };
  table('@request.auth', [
    ["@request.auth.id = ''", ALL],
    ['@request.auth.id = null', ALL],
    ["@request.auth.id != ''", []],
    ['author = @request.auth.id', ['p3']],
    ['@request.auth.age > 18', []],
    ["@request.auth.team.name = 'Red'", []],
    ["@request.auth.roles:each ?= 'admin'", []],
    ["@request.auth.id != ''", ALL, u1],
    ['author = @request.auth.id', ['p1'], u1],
    ['author.id = @request.auth.id', ['p1'], u1],
    ['@request.auth.id = author', ['p1'], u1],
    ["@request.auth.name = 'Ann'", ALL, u1],
    ["@request.auth.name:lower = 'ann'", ALL, u1],
    ["@request.auth.collectionName = 'users'", ALL, u1],
    [`@request.auth.collectionId = '${users.id}'`, ALL, u1],
    ["@request.auth.team.name = 'Red'", ALL, u1],
    ["@request.auth.team.name = 'Red'", [], u2],
    ["@request.auth.team.lead.name = 'Bob'", ALL, u2],
    ["@request.auth.roles:each ?= 'admin'", ALL, u1],
    ["@request.auth.roles:each ?= 'admin'", [], u2],
    ["@request.auth.roles:each = 'viewer'", ALL, u2],
    ['@request.auth.roles:length = 2', ALL, u1],
    ['@request.auth.age > 18', ALL, u1],
    ['@request.auth.verified = false', ALL, u1],
    ["@request.auth.prefs.theme = 'dark'", ALL, u1],
    ['@request.auth.nope = null', ALL, u1],
    ['@request.auth.name:isset = true', ALL, u1],
    ['tags.owner ?= @request.auth.id', ['p1', 'p4'], u1],
    ['tags.owner = @request.auth.id', ['p2'], u2],
    ['@request.auth.id ?= tags.owner', ['p1', 'p4'], u1],
    ['comments_via_post.author ?= @request.auth.id', ['p1'], u2],
  ]);

  const rq = {
    request: request({
      method: 'POST',
      context: 'default',
      headers: { 'X-Token': 'abc', 'content-type': 'application/json' },
      query: { page: '2', q: 'Hello' },
      body: { title: 'New', tags: ['g1', 'g3'], views: '12', author: 'u2', labels: ['a'], nothing: null },
    }),
  };
  table('@request.* static values and body', [
    ["@request.method = 'POST'", ALL, rq],
    ["@request.method:lower = 'post'", ALL, rq],
    ["@request.context = 'default'", ALL, rq],
    ["@request.headers.x_token = 'abc'", ALL, rq],
    ["@request.headers.X_Token = 'abc'", ALL, rq],
    ['@request.headers.x_token:isset = true', ALL, rq],
    ['@request.headers.missing = null', ALL, rq],
    ['@request.query.page = 2', ALL, rq],
    ['@request.query.page > 1', ALL, rq],
    ['title ~ @request.query.q', ['p1'], rq],
    ['@request.query.missing:isset = false', ALL, rq],
    ["@request.body.title = 'New'", ALL, rq],
    ['@request.body.views > 10', ALL, rq],
    ["@request.body.tags:each ?= 'g3'", ALL, rq],
    ["@request.body.tags:each = 'g1'", [], rq],
    ['@request.body.tags:length = 2', ALL, rq],
    ["@request.body.author.name = 'Bob'", ALL, rq],
    ["@request.body.tags.name ?= 'go'", ALL, rq],
    ["@request.body.tags.name = 'go'", [], rq],
    ['@request.body.title:isset = true', ALL, rq],
    ['@request.body.nothing:isset = true', ALL, rq],
    ['@request.body.nope:isset = true', [], rq],
    ["@request.body.title:lower = 'new'", ALL, rq],
    ['@request.body.tags:each ?= tags:each', ['p1', 'p4'], rq],
    ['tags:each ?= @request.body.tags:each', ['p1', 'p4'], rq],
    ['@request.body.labels:each = labels:each', ['p2'], rq],
    ['@request.body.nope.deep = null && @request.body.author.nope = null', ALL, rq],
  ]);

  table(':changed', [
    ['@request.body.title:changed = true', ALL, rq],
    ['@request.body.title:changed = false', ['p1'], { request: request({ body: { title: 'Hello World' } }) }],
    ['@request.body.published:changed = true', [], rq],
    ['@request.body.title:changed = false', ALL, { ...rq, existing: { title: 'New' } }],
    ['@request.body.title:changed = true', [], { ...rq, existing: { title: 'New' } }],
    ['@request.body.views:changed = false', ALL, { ...rq, existing: { views: 12 } }],
    ['@request.body.tags:changed = false', ALL, { ...rq, existing: { tags: ['g1', 'g3'] } }],
    ['@request.body.tags:changed = true', ALL, { ...rq, existing: { tags: ['g1'] } }],
  ]);

  table('@collection', [
    ["@collection.tags.name ?= 'go'", ALL],
    ["@collection.tags.name = 'go'", []],
    ["@collection.tags.color = 'blue'", []],
    ["@collection.tags.color ?= 'blue' && @collection.tags.name ?= 'js'", []],
    ["@collection.tags:x.color ?= 'blue' && @collection.tags:y.name ?= 'js'", ALL],
    ["@collection.tags.owner ?= author && @collection.tags.name ?= 'go'", ['p1']],
    [
      '@collection.team_members.user ?= @request.auth.id && @collection.team_members.team ?= author.team',
      ['p1', 'p2'],
      u2,
    ],
    [
      '@collection.team_members.user ?= @request.auth.id && @collection.team_members.team ?= author.team',
      ['p1'],
      u1,
    ],
    ["@collection.team_members.user ?= 'u1' && @collection.team_members.team ?= 't2'", []],
    ["@collection.team_members:a.user ?= 'u1' && @collection.team_members:b.team ?= 't2'", ALL],
    ["@collection.team_members.user.name ?= 'Bob'", ALL],
    ["@collection.team_members:m.role ?= 'owner' && @collection.team_members:m.team.name ?= 'Blue'", ALL],
    [`@collection.${teams.id}.name ?= 'Red'`, ALL],
    ['@collection.posts:other.parent ?= id', ['p1', 'p2']],
    ["@collection.posts:other.parent ?= id || title = ''", ['p1', 'p2', 'p3']],
    ['@collection.bookmarks.posts:each ?= id', ['p1', 'p2']],
    ['@collection.bookmarks.posts:length > 0', ALL],
    ["@collection.comments.post.title ?= 'Hello World'", ALL],
    ['@collection.tags.name ?= title', []],
  ]);

  table('functions', [
    ["strftime('%Y', published_at) = '2024'", ['p1', 'p2']],
    ["strftime('%Y-%m', published_at) = '2024-05'", ['p1']],
    ["strftime('%Y', published_at) = ''", ['p3']],
    ["strftime('%d/%m %H:%M:%S', published_at) = '01/05 10:00:00'", ['p1']],
    ["strftime('%Y', published_at, '+1 years') = '2025'", ['p1', 'p2']],
    ["strftime('%m', published_at, 'start of year') = '01'", ['p1', 'p2', 'p4']],
    ["strftime('%Y-%m-%d', published_at, 'start of month', '-1 day') = '2024-04-30'", ['p1']],
    ["strftime('%s', '2024-01-01 00:00:00.000Z') = '1704067200'", ALL],
    ["strftime('%Y-%m-%d', 1704067200, 'unixepoch') = '2024-01-01'", ALL],
    ["strftime('%Y-%m-%d', '2024-02-31') = '2024-03-02'", ALL],
    ["strftime('%Y-%m-%d %H:%M', '2024-01-01T10:00+02:00') = '2024-01-01 08:00'", ALL],
    [
      "strftime('%w %j %W %U %e|%k|%l|%p|%P|%u|%G|%g|%V', '2024-05-15 03:04:05.678Z') = '3 136 20 19 15| 3| 3|AM|am|3|2024|24|20'",
      ALL,
    ],
    ["strftime('%f %F %T %R %%', '2024-05-15 03:04:05.678Z') = '05.678 2024-05-15 03:04:05 03:04 %'", ALL],
    ["strftime('%Y', 'garbage') = ''", ALL],
    ["strftime('%Y-%m-%d', '2024-05-15', 'weekday 0') = '2024-05-19'", ALL],
    ["strftime('%q', published_at) = ''", ALL],
    ["strftime('%Y') != ''", ALL],
    ['geoDistance(0, 0, 0, 1) > 111 && geoDistance(0, 0, 0, 1) < 111.3', ALL],
    ['geoDistance(views, 0, 0, 0) > 1000', ['p1']],
    ['geoDistance(data.a.b, 0, 0, 0) > 100', ['p1', 'p2', 'p4']],
    ['geoDistance(0, 0, 0, 0) = 0', ALL],
  ]);

  describe('errors', () => {
    const bad: Array<[string, number, RunOptions?]> = [
      ['nope = 1', 400],
      ["title:each = 'x'", 400],
      ['title:isset = true', 400],
      ['title:foo = 1', 400],
      ['title:changed = true', 400],
      ['views.x = 1', 400],
      ["parent.parent.parent.parent.parent.parent.parent.title = 'x'", 400],
      ['comments_via_message.id = 1', 400],
      ['tags_via_owner.id = 1', 400],
      ['nope_via_post.id = 1', 400],
      ['@foo = 1', 400],
      ['#x = 1', 400],
      ["secret = 's1'", 400, { allowHidden: false }],
      ["author.password = 'x'", 400, { allowHidden: false }],
      ["author.tokenKey != ''", 400, { allowHidden: false }],
      ["@request.method = 'GET'", 400, { request: null }],
      ["@request.auth.id = ''", 403, { allowRequestAndCollection: false }],
      ["@collection.tags.name = 'x'", 403, { allowRequestAndCollection: false }],
      ["title = '@collection.x'", 403, { allowRequestAndCollection: false }],
      ["@collection.nope.name = 'x'", 400],
      ["@collection.tags = 'x'", 400],
      ["@collection.tags:a:b.name = 'x'", 400],
      ["@collection.tags:a.name ?= 'x' && @collection.teams:a.name ?= 'x'", 400],
      ["note.body = 'x'", 400, { allowHidden: false }],
      ["parent.note.body = 'x'", 400, { allowHidden: false }],
      ["@collection.notes.body ?= 'x'", 400, { allowHidden: false }],
      ["@request.body.title:each ?= 'x'", 400],
      ['@request.body.nope:length = 1', 400],
      ["@request.method:each = 'x'", 400],
      ["@request.nope = 'x'", 400],
      ["@request.auth = 'x'", 400],
      ['nope(1) = 1', 400],
      ['geoDistance(1, 2, 3) = 1', 400],
      ["geoDistance('a', 2, 3, 4) = 1", 400],
      ['strftime(title) = 1', 400],
      ["strftime('%Y', title, 1) = 1", 400],
      ["strftime('%Y', tags.name) = '1'", 400],
      ['data.a:each = 1', 400],
      ['title = ', 400],
      ['', 400],
      ['// only a comment', 400],
    ];
    it.each(bad)('%s → %d', async (filter, status, opts) => {
      await expectStatus(run(db, filter, opts), status);
    });

    // PostgreSQL has no native strftime; these are the cases its to_char rewrite refuses.
    if (engine === 'postgres') {
      it('refuses what the PostgreSQL strftime cannot do', async () => {
        await expectStatus(run(db, "strftime('%J', published_at) = ''"), 400);
        await expectStatus(run(db, "strftime('%Y', published_at, 'auto') = ''"), 400);
      });
    }
  });

  describe('sort', () => {
    const cases: Array<[string, string[], RunOptions?]> = [
      ['views', ['p3', 'p2', 'p4', 'p1']],
      ['+views', ['p3', 'p2', 'p4', 'p1']],
      ['-views', ['p1', 'p4', 'p2', 'p3']],
      ['title', ['p3', 'p2', 'p1', 'p4']],
      ['-published,views', ['p4', 'p1', 'p3', 'p2']],
      [' -published , -views ', ['p1', 'p4', 'p2', 'p3']],
      ['author.name', ['p3', 'p1', 'p2', 'p4']],
      ['-drafts:length,id', ['p1', 'p2', 'p3', 'p4']],
      ['-author.name', ['p4', 'p2', 'p1', 'p3']],
      ['author.id,id', ['p3', 'p1', 'p2', 'p4']],
      ['author.name:lower,id', ['p3', 'p1', 'p2', 'p4']],
      ['-tags:length,id', ['p4', 'p1', 'p2', 'p3']],
      ['-data.items.0,id', ['p1', 'p4', 'p2', 'p3']],
      ['@rowid', ['p1', 'p2', 'p3', 'p4']],
      ['-@rowid', ['p4', 'p3', 'p2', 'p1']],
      ['secret', ['p3', 'p1', 'p2', 'p4']],
      ['parent.parent.title,id', ['p1', 'p2', 'p3', 'p4']],
    ];
    it.each(cases)('%s', async (sort, expected, opts) => {
      expect(await sorted(db, sort, opts)).toEqual(expected);
    });

    it('combines with a filter', async () => {
      expect(await run(db, 'views > 0', { sort: '-views' })).toEqual(['p1', 'p4', 'p2']);
    });

    it('@random returns every row', async () => {
      expect((await sorted(db, '@random')).sort()).toEqual(ALL);
    });

    it('sorts users by email only where visible for non-superusers', async () => {
      const ids = await sorted(db, '-email', { collection: users, allowHidden: false });
      expect(ids).toEqual(['u3', 'u1', 'u2']);
    });

    const bad: Array<[string, number, RunOptions?]> = [
      ['tags.name', 400],
      ['comments_via_post.message', 400],
      ['tags:each', 400],
      ['nope', 400],
      ['secret', 400, { allowHidden: false }],
      ['note.body', 400, { allowHidden: false }],
      ['a,b,c,d,e,f,g,h,i', 400],
      ['x'.repeat(256), 400],
      ['title,', 400],
      [',title', 400],
      ['@now', 400],
      ['null', 400],
      ['@request.method', 400],
      ['@request.method', 403, { allowRequestAndCollection: false }],
      ['@collection.tags.name', 403, { allowRequestAndCollection: false }],
      ['@collection.tags.name', 400],
      ["title = 'x'", 400],
      ['title desc', 400],
      ['"title"', 400],
    ];
    it.each(bad)('refuses %s', async (sort, status, opts) => {
      await expectStatus(sorted(db, sort, opts), status);
    });
  });

  it('keeps one row per record (no join fan-out in the outer query)', async () => {
    const rows = await run(
      db,
      "tags.name ?!= '' || comments_via_post.message ?!= '' || @collection.tags.name ?!= ''",
    );
    expect(rows).toEqual(ALL);
    expect(await run(db, "bookmarks_via_posts.user ?!= ''", { collection: posts })).toEqual(['p1', 'p2']);
    expect(await run(db, "posts ~ 'p'", { collection: bookmarks })).toEqual(['b1', 'b2']);
  });
});
