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
