/**
 * After a deploy, a tab still running the old build asks for code chunks that no longer exist.
 * Reloading fetches the new index.html and its chunks; the timestamp in sessionStorage makes sure
 * a chunk that is really broken shows the error page instead of reloading forever (at most once in 10 s).
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY = 'photoshoot:chunk-reload-at';

// Once this document has asked for a reload it is going away: other chunks failing in the
// meantime (a page's imports fail together) must wait for it, not paint the error page first.
let reloading = false;

/** Reloads the page unless it already did so within the guard window; says whether it reloads. */
export function reloadOnceForStaleChunk(now = Date.now(), storage: Storage = sessionStorage): boolean {
  if (reloading) return true;
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) || 0);
  } catch {
    return false;
  }
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** What a caller gets while the reload is under way: nothing, ever. */
const never = <T>() => new Promise<T>(() => undefined);

/** A failed dynamic import (the messages differ per browser). */
export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk/i.test(
    message,
  );
}

export const CHUNK_ERROR_MESSAGE = 'A part of the app could not be loaded.';

/**
 * Wraps a dynamic import so a stale chunk triggers the guarded reload instead of an error. Only
 * the chunks a navigation waits for are wrapped: a chunk loaded in the background (the support
 * chat's, say) that fails must not reload the page under a visitor who may be typing, nor race
 * the navigation they just started; it fails quietly and the next navigation's chunks decide.
 * Vite's failed preloads of a chunk's imports reach here too, as the import's own error. When
 * the guard says no, the error is renamed so TanStack Router's lazy loader (which has a reload of
 * its own for these messages) shows the error page instead of reloading a second time.
 */
export function importWithReload<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().then(
      // A chunk that did load is of no use to a document already going away.
      (mod) => (reloading ? never<T>() : mod),
      (err: unknown) => {
        if (reloading) return never<T>();
        if (!isChunkLoadError(err)) throw err;
        if (reloadOnceForStaleChunk()) return never<T>();
        throw new Error(CHUNK_ERROR_MESSAGE, { cause: err });
      },
    );
}
