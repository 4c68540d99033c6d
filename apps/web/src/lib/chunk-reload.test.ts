import { afterEach, describe, expect, it, vi } from 'vitest';

// jsdom's location.reload is not configurable per call; replace the whole location object.
function stubReload() {
  const reload = vi.fn();
  const original = window.location;
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
  return {
    reload,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}

/** The module as a freshly loaded document sees it (its "reload under way" state starts clear). */
async function newDocument() {
  vi.resetModules();
  return import('./chunk-reload');
}

const missing = (name: string) =>
  Promise.reject(new TypeError(`Failed to fetch dynamically imported module: /assets/${name}.js`));

const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 20)),
  ]);

describe('stale chunk reload', () => {
  let restore = () => undefined as void;
  afterEach(() => {
    restore();
    sessionStorage.clear();
  });

  it('reloads once, then not again within 10 s, then again after', async () => {
    const stub = stubReload();
    restore = stub.restore;
    const t0 = 1_000_000;
    const first = await newDocument();
    expect(first.CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(first.reloadOnceForStaleChunk(t0)).toBe(true);
    // The same document asking again is told a reload is under way, and does not ask for another.
    expect(first.reloadOnceForStaleChunk(t0 + 1)).toBe(true);
    expect(stub.reload).toHaveBeenCalledTimes(1);
    expect((await newDocument()).reloadOnceForStaleChunk(t0 + 9_999)).toBe(false);
    expect(stub.reload).toHaveBeenCalledTimes(1);
    expect((await newDocument()).reloadOnceForStaleChunk(t0 + 10_000)).toBe(true);
    expect(stub.reload).toHaveBeenCalledTimes(2);
  });

  it('recognises failed dynamic imports only', async () => {
    const { isChunkLoadError } = await newDocument();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('a failing lazy import reloads the first time and shows the error on the reloaded page', async () => {
    const stub = stubReload();
    restore = stub.restore;
    const before = await newDocument();
    expect(await settled(before.importWithReload(() => missing('a'))())).toBe('pending');
    expect(stub.reload).toHaveBeenCalledTimes(1);

    const after = await newDocument();
    const second = await after
      .importWithReload(() => missing('a'))()
      .catch((e: Error) => e);
    // Renamed, so the router's own reload-on-missing-module does not fire a second reload.
    expect(second.message).toBe(after.CHUNK_ERROR_MESSAGE);
    expect(after.isChunkLoadError(second)).toBe(false);
    expect(String((second.cause as Error).message)).toContain('Failed to fetch dynamically imported module');
    expect(stub.reload).toHaveBeenCalledTimes(1);
  });

  it('while the reload is under way, every other import waits instead of showing an error', async () => {
    const stub = stubReload();
    restore = stub.restore;
    const doc = await newDocument();
    void doc.importWithReload(() => missing('a'))();
    await settled(Promise.resolve());
    expect(stub.reload).toHaveBeenCalledTimes(1);
    // A second chunk of the same page, an unrelated error, and a preload vite resolved with nothing.
    expect(await settled(doc.importWithReload(() => missing('b'))())).toBe('pending');
    expect(await settled(doc.importWithReload(() => Promise.reject(new Error('x is undefined')))())).toBe(
      'pending',
    );
    expect(await settled(doc.importWithReload(() => Promise.resolve(undefined))())).toBe('pending');
    expect(stub.reload).toHaveBeenCalledTimes(1);
  });

  it('other import errors are not swallowed', async () => {
    const stub = stubReload();
    restore = stub.restore;
    const doc = await newDocument();
    await expect(doc.importWithReload(() => Promise.reject(new Error('syntax')))()).rejects.toThrow('syntax');
    expect(stub.reload).not.toHaveBeenCalled();
  });
});
