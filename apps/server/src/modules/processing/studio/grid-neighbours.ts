/**
 * The four neighbours of pixel `i` in a `width` × `height` grid (left, right, up, down), with -1
 * where the frame ends: the step every flood fill of a matte takes.
 */
export function neighbours4(i: number, width: number, height: number): [number, number, number, number] {
  const x = i % width;
  const y = (i - x) / width;
  return [
    x > 0 ? i - 1 : -1,
    x < width - 1 ? i + 1 : -1,
    y > 0 ? i - width : -1,
    y < height - 1 ? i + width : -1,
  ];
}

/** What `floodPiece` works in: two arrays as long as the grid, made once per pass over it. */
export type PieceScratch = { stack: Int32Array; piece: Int32Array };

export function pieceScratch(width: number, height: number): PieceScratch {
  return { stack: new Int32Array(width * height), piece: new Int32Array(width * height) };
}

/**
 * The 4-connected piece of `inside` pixels holding `seed` (which must be inside and unseen),
 * marking each in `seen`: the step every "judge each piece" pass of the matte takes. The pixels
 * come in the order they were reached, in a view of `scratch` that the next call overwrites.
 * The neighbours are read inline and the stack is typed: with `neighbours4`'s array per pixel and
 * a growing stack, a flood took ~2.3 times as long.
 */
export function floodPiece(
  seed: number,
  inside: Uint8Array,
  seen: Uint8Array,
  width: number,
  height: number,
  scratch: PieceScratch,
): Int32Array {
  const { stack, piece } = scratch;
  const last = (height - 1) * width;
  let top = 0;
  let size = 0;
  stack[top++] = seed;
  seen[seed] = 1;
  while (top) {
    const i = stack[--top]!;
    piece[size++] = i;
    const x = i % width;
    // Left, right, up, down: the order neighbours4 gives, so pieces come in the same order.
    if (x > 0 && inside[i - 1] && !seen[i - 1]) {
      seen[i - 1] = 1;
      stack[top++] = i - 1;
    }
    if (x < width - 1 && inside[i + 1] && !seen[i + 1]) {
      seen[i + 1] = 1;
      stack[top++] = i + 1;
    }
    if (i >= width && inside[i - width] && !seen[i - width]) {
      seen[i - width] = 1;
      stack[top++] = i - width;
    }
    if (i < last && inside[i + width] && !seen[i + width]) {
      seen[i + width] = 1;
      stack[top++] = i + width;
    }
  }
  return piece.subarray(0, size);
}
