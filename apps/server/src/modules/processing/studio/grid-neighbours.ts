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

/**
 * The 4-connected piece of `inside` pixels holding `seed` (which must be inside and unseen),
 * marking each in `seen`: the step every "judge each piece" pass of the matte takes.
 */
export function floodPiece(
  seed: number,
  inside: Uint8Array,
  seen: Uint8Array,
  width: number,
  height: number,
): number[] {
  const piece: number[] = [];
  const stack = [seed];
  seen[seed] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    piece.push(i);
    for (const j of neighbours4(i, width, height)) {
      if (j >= 0 && inside[j] && !seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return piece;
}
