/**
 * Full-size scratch planes shared by the renders of one thread. Allocated afresh each time they
 * cost page faults on first touch and a full garbage collection to give back (together ~10 % of a
 * render). A render takes its planes from here and hands them all back when it is done; what the
 * thread keeps is one render's set, which it had anyway at its peak (and an idle studio thread
 * exits, freeing it: worker-pool.ts `idleMs`). Two renders at once on one thread each get their
 * own planes.
 *
 * A render also hands back a plane as soon as it is done with it (`done`), and a later request of
 * the same render takes it: the smallest free plane that is long enough, as a view of its first
 * `length` floats. At 2048 px that keeps the set at 8 full-size float planes instead of 11
 * (~40 MB less per studio thread, at the render's peak and between renders alike).
 */

/** A plane of `length` floats: zeroed unless `dirty` (for a caller that writes every element). */
export type Alloc = (length: number, dirty?: boolean) => Float32Array;

/** For callers outside a render: plain new arrays. */
export const freshPlanes: Alloc = (length) => new Float32Array(length);

/**
 * A free plane serves a request at most this many times shorter than itself: a render's 3-channel
 * plane serves a later 1-channel request, while a full-size plane is not spent on a half-size one.
 */
const MOST_SPARE = 3;

/** The planes the thread's last render used, free for the next. */
let spareFloats: Float32Array[] = [];
const spareBytes = new Map<number, Buffer[]>();

export type RenderScratch = {
  floats: Alloc;
  /** Bytes for an encoder's input; contents undefined. */
  bytes(length: number): Buffer;
  /** Hands planes from `floats` back before the end; none of them may be used after this. */
  done(...planes: Float32Array[]): void;
  /** Hands every plane back; none may be used after this. */
  release(): void;
};

/** Takes out of `free` the shortest plane that can serve `length` floats, if any. */
function bestFit(free: Float32Array[], length: number): Float32Array | undefined {
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    const n = free[i]!.length;
    if (n >= length && n <= length * MOST_SPARE && (best < 0 || n < free[best]!.length)) best = i;
  }
  return best < 0 ? undefined : free.splice(best, 1)[0];
}

export function renderScratch(): RenderScratch {
  // Every plane this render owns, by its memory; `free` holds those it has handed back.
  const owned = new Map<ArrayBufferLike, Float32Array>();
  const free: Float32Array[] = [];
  const bytes = new Map<number, Buffer[]>();
  return {
    floats(length, dirty = false) {
      const found = bestFit(free, length) ?? bestFit(spareFloats, length);
      const plane = found ?? new Float32Array(length);
      owned.set(plane.buffer, plane);
      const view = plane.length === length ? plane : plane.subarray(0, length);
      if (found && !dirty) view.fill(0);
      return view;
    },
    bytes(length) {
      const reused = spareBytes.get(length)?.pop();
      const b = reused ?? Buffer.allocUnsafeSlow(length);
      const list = bytes.get(length);
      if (list) list.push(b);
      else bytes.set(length, [b]);
      return b;
    },
    done(...planes) {
      for (const p of planes) {
        const plane = owned.get(p.buffer);
        if (plane && !free.includes(plane)) free.push(plane);
      }
    },
    release() {
      // Planes the last render did not use (another aspect ratio, another output size) are let go.
      spareFloats = [...owned.values()];
      for (const length of [...spareBytes.keys()]) if (!bytes.has(length)) spareBytes.delete(length);
      for (const [length, list] of bytes)
        spareBytes.set(length, [...(spareBytes.get(length) ?? []), ...list]);
      owned.clear();
      free.length = 0;
      bytes.clear();
    },
  };
}
