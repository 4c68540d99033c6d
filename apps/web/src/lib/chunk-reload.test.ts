import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_ERROR_MESSAGE,
  CHUNK_RELOAD_GUARD_MS,
  importWithReload,
  isChunkLoadError,
  reloadOnceForStaleChunk,
} from './chunk-reload';

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

describe('stale chunk reload', () => {
  let restore = () => undefined as void;
  afterEach(() => restore());

  it('reloads once, then not again within 10 s, then again after', () => {
    const stub = stubReload();
    restore = stub.restore;
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const t0 = 1_000_000;
    expect(reloadOnceForStaleChunk(t0)).toBe(true);
    expect(reloadOnceForStaleChunk(t0 + 9_999)).toBe(false);
    expect(stub.reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForStaleChunk(t0 + 10_000)).toBe(true);
    expect(stub.reload).toHaveBeenCalledTimes(2);
  });

  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('a failing lazy import reloads the first time and shows the error the second time', async () => {
    const stub = stubReload();
    restore = stub.restore;
    const failing = importWithReload(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    );
    const first = failing();
    await new Promise((r) => setTimeout(r, 10));
    expect(stub.reload).toHaveBeenCalledTimes(1);
    void first; // never settles: the page is going away
    const second = await failing().catch((e: Error) => e);
    // Renamed, so the router's own reload-on-missing-module does not fire a second reload.
    expect(second.message).toBe(CHUNK_ERROR_MESSAGE);
    expect(isChunkLoadError(second)).toBe(false);
    expect(String((second.cause as Error).message)).toContain('Failed to fetch dynamically imported module');
    expect(stub.reload).toHaveBeenCalledTimes(1);
  });

  it('other import errors are not swallowed', async () => {
    const stub = stubReload();
    restore = stub.restore;
    await expect(importWithReload(() => Promise.reject(new Error('syntax')))()).rejects.toThrow('syntax');
    expect(stub.reload).not.toHaveBeenCalled();
  });
});
