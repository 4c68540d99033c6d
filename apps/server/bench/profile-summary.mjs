/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by package/file, the hottest
 * functions by self time, and inclusive time of our own (dist/) functions.
 * Usage: node bench/profile-summary.mjs file.cpuprofile
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function place(url) {
  if (!url) return '';
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = u.indexOf('/dist/');
  if (dist >= 0) return u.slice(dist + 1);
  const bench = u.indexOf('/bench/');
  if (bench >= 0) return u.slice(bench + 1);
  if (u.startsWith('node:')) return 'node:' + u.slice(5).split('/')[0];
  return u;
}

/**
 * Where a sample's time goes: the first category (in this order) whose test accepts its stack
 * (frames leaf first). Async continuations restart their stack at the resumed async function,
 * which is still in it, so e.g. time after an `await` inside verifyRecordToken stays there.
 */
const has = (frames, re) => frames.some((f) => re.test(`${f.functionName} ${f.url}`));
const leaf = (frames) => frames[0];
/** @type {[string, (frames: { functionName: string, url: string }[]) => boolean][]} */
const CATEGORIES = [
  ['socket write (writev syscall)', (fs) => /^writev/.test(leaf(fs).functionName)],
  [
    'token verification (jose / WebCrypto HMAC)',
    (fs) => has(fs, /\/jose\/|crypto\/(webcrypto|mac|keys|util)|^verifyToken /),
  ],
  // note: these GET scenarios write nothing else, so every transaction is a log flush.
  [
    'request log (onResponse hook + buffered INSERT transactions)',
    (fs) =>
      has(fs, /request-logs\.js|logs\/log-store\.js|logs\/redact\.js|^transaction .*core\/db\/sqlite\.js/),
  ],
  ['view rule check (compile rule + 2nd query)', (fs) => has(fs, /^(recordMatchesRule|ruleCondition) /)],
  ['list filter/sort compile', (fs) => has(fs, /tools\/filter\//)],
  [
    'auth record lookup (SELECT users + decode)',
    (fs) => has(fs, /^(authenticate|verifyRecordToken|peekToken) /),
  ],
  [
    'list COUNT(*) query',
    (fs) => (has(fs, /^listRecords /) && has(fs, /^get .*core\/db\/sqlite\.js/)) || has(fs, /^countMatches /),
  ],
  [
    'serialise + JSON.stringify + reply.send',
    (fs) => has(fs, /respond\.js|serialize\.js|^shape |^toRecord |fastify\/lib\/reply/),
  ],
  [
    'record query + decode (SELECT page / by id)',
    (fs) =>
      has(fs, /^(findById|decodeRow|listRecords|allSync|selectById|selectPage) /) ||
      has(fs, /better-sqlite3/),
  ],
  ['callerOf (copy headers/query for rules)', (fs) => has(fs, /request-caller\.js/)],
  [
    'rate-limit / multipart / body hooks',
    (fs) => has(fs, /rate-limit\.js|@fastify\/multipart|apis\/body\.js/),
  ],
  [
    'fastify + node http (parse, route, hooks)',
    (fs) =>
      has(
        fs,
        /\/fastify\/|find-my-way|node:_http|node:net|node:internal\/(streams|http|url|querystring)|fast-querystring|apis\/server\.js|record-crud\.js|server-baseline/,
      ),
  ],
  ['garbage collector', (fs) => leaf(fs).functionName === '(garbage collector)'],
];

/** Self time per node id, counting only samples inside `window` ([from, to] µs, monotonic) if given. */
function selfTimes(profile, window) {
  const self = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (window && (t < window[0] || t > window[1])) return;
    self.set(id, (self.get(id) ?? 0) + dt);
  });
  return self;
}

export function categorise(profile, requests, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = selfTimes(profile, window);
  const out = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    busy += us;
    const frames = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur).callFrame);
    const cat =
      CATEGORIES.find(([, test]) => test(frames))?.[0] ?? 'other (timers, program, microtask plumbing)';
    out.set(cat, (out.get(cat) ?? 0) + us);
  }
  const lines = [
    `${window ? 'measured window: ' : ''}busy ${(busy / 1e6).toFixed(2)} s for ${requests} requests = ${(busy / requests).toFixed(1)} µs CPU per request (main thread)`,
  ];
  for (const [k, v] of [...out].sort((a, b) => b[1] - a[1])) {
    lines.push(
      `  ${((v / busy) * 100).toFixed(1).padStart(5)}%  ${(v / requests).toFixed(1).padStart(7)} µs/req  ${k}`,
    );
  }
  return lines.join('\n');
}

export function summariseProfile(profile, top = 30, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = selfTimes(profile, window);
  const key = (n) => {
    const cf = n.callFrame;
    return `${cf.functionName || '(anonymous)'}  ${place(cf.url)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
  };
  let total = 0;
  let idle = 0;
  const fnSelf = new Map();
  const pkgSelf = new Map();
  const fnTotal = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    total += us;
    const name = n.callFrame.functionName;
    if (name === '(idle)') idle += us;
    fnSelf.set(key(n), (fnSelf.get(key(n)) ?? 0) + us);
    const pkg = n.callFrame.url ? place(n.callFrame.url).replace(/^(dist\/[^/]+\/[^/]+).*$/, '$1') : name;
    pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + us);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      fnTotal.set(k, (fnTotal.get(k) ?? 0) + us);
    }
  }
  const busy = total - idle;
  const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const lines = [];
  lines.push(
    `sampled ${(total / 1e6).toFixed(1)} s, of which busy (not idle) ${(busy / 1e6).toFixed(1)} s; percentages are of busy time`,
  );
  lines.push('\nself time by package / our file:');
  for (const [k, v] of [...pkgSelf]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20))
    lines.push(`  ${pct(v)}  ${k}`);
  lines.push('\nhottest functions (self time):');
  for (const [k, v] of [...fnSelf]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`  ${pct(v)}  ${k}`);
  lines.push('\nour code (dist/), inclusive time:');
  for (const [k, v] of [...fnTotal]
    .filter(([k]) => k.includes('dist/'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`  ${pct(v)}  ${k}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    summariseProfile(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3]) || 30),
  );
}
