/**
 * The customer side of the scale-out bench: keep-alive HTTP calls timed per request kind,
 * multipart photo uploads, and SSE subscribers that keep every event they receive with its
 * arrival time. Nothing here knows the scenario; scale-out.mjs drives it.
 */
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);

/** Latencies and failures per request kind. */
export class Stats {
  kinds = new Map();
  errors = [];
  kind(name) {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { ms: [], errors: 0 }));
    return k;
  }
  ok(name, ms) {
    this.kind(name).ms.push(ms);
  }
  fail(name, what) {
    this.kind(name).errors++;
    if (this.errors.length < 20) this.errors.push(`${name}: ${what}`);
  }
  /** Per kind: requests, req/s over `seconds`, p50/p99/max ms, errors. */
  summary(seconds) {
    const out = {};
    for (const [name, k] of [...this.kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const s = [...k.ms].sort((a, b) => a - b);
      out[name] = {
        requests: s.length + k.errors,
        perSecond: round((s.length + k.errors) / seconds),
        p50: round(percentile(s, 50)),
        p99: round(percentile(s, 99)),
        max: round(s.at(-1) ?? null),
        errors: k.errors,
      };
    }
    return out;
  }
}

/**
 * One HTTP request on the keep-alive agent. Resolves with the status and the body text; a socket
 * error rejects. `body` is a string/Buffer sent as is (with `type`) or an object sent as JSON.
 */
/** @param {string} base @param {string} method @param {string} path @param {{ token?: string, body?: unknown, type?: string }} [opts] */
export function call(base, method, path, { token, body, type } = {}) {
  return new Promise((resolve, reject) => {
    /** @type {Record<string, string | number>} */
    const headers = {};
    if (token) headers.authorization = token;
    let payload;
    if (body !== undefined) {
      payload = Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] = type ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const req = request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** `call`, timed into `stats` under `kind`; any non-2xx or socket error counts as an error. Returns parsed JSON or null. */
export async function timed(stats, kind, base, method, path, opts) {
  const t0 = performance.now();
  try {
    const res = await call(base, method, path, opts);
    const ms = performance.now() - t0;
    if (res.status >= 200 && res.status < 300) {
      stats.ok(kind, ms);
      return res.text ? JSON.parse(res.text) : {};
    }
    stats.fail(kind, `${method} ${path} → ${res.status} ${res.text.slice(0, 300)}`);
  } catch (err) {
    stats.fail(kind, `${method} ${path} → ${err.code ?? err.message}`);
  }
  return null;
}

/** A multipart/form-data body of text `fields` and one file part named `file`. */
export function multipart(fields, file) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * An SSE connection to /api/realtime. Resolves once PB_CONNECT has named the client; then every
 * event is kept as `{ topic, data, at }` (`at`: wall clock ms, comparable with records' `updated`
 * since every process runs on this machine). `closed` says whether the server ended it early.
 */
export function openSse(base) {
  return new Promise((resolve, reject) => {
    const events = [];
    let buffer = '';
    let clientId = null;
    const sub = { events, closedEarly: false, clientId: null, close: () => req.destroy() };
    const req = request(`${base}/api/realtime`, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`SSE connect answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = Date.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const topic = /^event:(.*)$/m.exec(message)?.[1];
          const data = /^data:(.*)$/m.exec(message)?.[1];
          if (!topic || data === undefined) continue;
          if (topic === 'PB_CONNECT' && !clientId) {
            clientId = sub.clientId = JSON.parse(data).clientId;
            resolve(sub);
          } else events.push({ topic, data: JSON.parse(data), at });
        }
      });
      res.on('close', () => {
        if (!req.destroyed) sub.closedEarly = true;
      });
    });
    req.on('error', (err) => (clientId ? (sub.closedEarly = true) : reject(err)));
    req.end();
  });
}

export { percentile, round };
