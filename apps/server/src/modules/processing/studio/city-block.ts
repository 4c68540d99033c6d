/**
 * City-block distances on the pixel grid, in two passes over the image. Growing a mask k times by
 * its 4 neighbours reaches exactly the pixels within city-block distance k of it, and shrinking it
 * k times keeps exactly those farther than k from anything outside it, so one transform stands in
 * for k whole-image passes (k is tens of pixels at analysis size).
 */

/**
 * Each pixel's city-block distance to the nearest pixel set in `from` (0 on those). With
 * `edgeCounts`, the outside of the image counts as set too: a border pixel is 1 from it.
 */
export function cityBlockDistance(
  from: Uint8Array,
  width: number,
  height: number,
  edgeCounts: boolean,
): Int32Array {
  const far = width + height + 1;
  const d = new Int32Array(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (from[i]) continue;
      d[i] = edgeCounts ? Math.min(x + 1, y + 1, width - x, height - y) : far;
    }
  }
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (x > 0 && d[i - 1]! + 1 < d[i]!) d[i] = d[i - 1]! + 1;
      if (y > 0 && d[i - width]! + 1 < d[i]!) d[i] = d[i - width]! + 1;
    }
  }
  for (let y = height - 1, i = width * height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--, i--) {
      if (x < width - 1 && d[i + 1]! + 1 < d[i]!) d[i] = d[i + 1]! + 1;
      if (y < height - 1 && d[i + width]! + 1 < d[i]!) d[i] = d[i + width]! + 1;
    }
  }
  return d;
}
