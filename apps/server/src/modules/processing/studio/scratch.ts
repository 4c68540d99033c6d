/**
 * Full-size scratch planes shared by the renders of one thread. A 2048 px portrait needs ~150 MB
 * of them; allocated afresh each time they cost page faults on first touch and a full garbage
 * collection to give back (together ~10 % of a render). A render takes its planes from here and
 * hands them all back when it is done; what the thread keeps is one render's set, which it had
 * anyway at its peak (and an idle studio thread exits, freeing it: worker-pool.ts `idleMs`).
 * Two renders at once on one thread each get their own planes.
 */

/** A plane of `length` floats: zeroed unless `dirty` (for a caller that writes every element). */
export type Alloc = (length: number, dirty?: boolean) => Float32Array;

/** For callers outside a render: plain new arrays. */
export const freshPlanes: Alloc = (length) => new Float32Array(length);

const spareFloats = new Map<number, Float32Array[]>();
const spareBytes = new Map<number, Buffer[]>();

export type RenderScratch = {
  floats: Alloc;
  /** Bytes for an encoder's input; contents undefined. */
  bytes(length: number): Buffer;
  /** Hands every plane back; none may be used after this. */
  release(): void;
};

function take<T>(spare: Map<number, T[]>, length: number): T | undefined {
  return spare.get(length)?.pop();
}

function keep<T>(spare: Map<number, T[]>, taken: Map<number, T[]>): void {
  // Sizes this render did not use (another aspect ratio, another output size) are let go.
  for (const length of [...spare.keys()]) if (!taken.has(length)) spare.delete(length);
  for (const [length, list] of taken) spare.set(length, [...(spare.get(length) ?? []), ...list]);
}

export function renderScratch(): RenderScratch {
  const floats = new Map<number, Float32Array[]>();
  const bytes = new Map<number, Buffer[]>();
  const note = <T>(m: Map<number, T[]>, length: number, a: T): T => {
    const list = m.get(length);
    if (list) list.push(a);
    else m.set(length, [a]);
    return a;
  };
  return {
    floats(length, dirty = false) {
      const reused = take(spareFloats, length);
      if (reused && !dirty) reused.fill(0);
      return note(floats, length, reused ?? new Float32Array(length));
    },
    bytes(length) {
      return note(bytes, length, take(spareBytes, length) ?? Buffer.allocUnsafeSlow(length));
    },
    release() {
      keep(spareFloats, floats);
      keep(spareBytes, bytes);
      floats.clear();
      bytes.clear();
    },
  };
}
