/**
 * Our server, as `photoshoot serve` runs it minus the web app and crons: App.open on the seeded
 * data dir (with the bench collection registered) + createServer, listening on 127.0.0.1.
 * Started by run.mjs with fork(); talks back over IPC.
 *
 * BENCH_VARIANT (only `run.mjs --ablate` sets it; never used for the reported figures) patches the
 * app instance in memory to measure what one cost is worth:
 *   nolog    request logging off (as settings `logs.maxDays = 0` would do)
 *   fastjwt  `app.auth.authenticate` verifying HS256 synchronously with node:crypto instead of jose
 *            (same checks: signature with tokenKey + collection secret, exp, type, record exists)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { App } from '../dist/core/app.js';
import { createServer } from '../dist/apis/server.js';
import { posts } from './collection.mjs';
import { serveChild } from './child.mjs';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');

const app = await App.open({ dataDir, db: { kind: 'sqlite', dataDir }, extraCollections: [posts] });
const variant = new Set((process.env.BENCH_VARIANT ?? '').split(',').filter(Boolean));

if (variant.has('nolog')) {
  const get = app.settings.get.bind(app.settings);
  app.settings.get = () => {
    const s = get();
    return { ...s, logs: { ...s.logs, maxDays: 0 } };
  };
}
if (variant.has('fastjwt')) {
  app.auth.authenticate = async (header) => {
    if (!header) return null;
    const token = header.replace(/^bearer\s+/i, '').trim();
    const [h, p, sig] = token.split('.');
    if (!h || !p || !sig) return null;
    let claims;
    try {
      if (JSON.parse(Buffer.from(h, 'base64url').toString('utf8')).alg !== 'HS256') return null;
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (claims?.type !== 'auth' || typeof claims.id !== 'string' || typeof claims.exp !== 'number')
      return null;
    if (claims.exp <= Date.now() / 1000) return null;
    const collection = app.registry.find(claims.collectionId);
    if (!collection || collection.type !== 'auth') return null;
    const record = await app.records.findById(collection, claims.id);
    if (!record) return null;
    const mac = createHmac('sha256', String(record.tokenKey ?? '') + app.tokenSecret(collection, 'auth'))
      .update(`${h}.${p}`)
      .digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== mac.length || !timingSafeEqual(given, mac)) return null;
    return { collection, record, refreshable: claims.refreshable !== false, token };
  };
}

const server = await createServer(app);
await serveChild(server, async () => {
  await server.close();
  await app.close();
});
