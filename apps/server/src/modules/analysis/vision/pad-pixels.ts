/**
 * Packed RGB pixels with a border added, as libvips' `extend` adds it (sharp's `extendWith`
 * 'copy' and 'mirror'; checked against it in test/analysis/pad-pixels.test.ts), but in this
 * thread and at once: a model's question about the padded picture goes out at the moment it is
 * asked, not when this thread next waits for libvips' answer.
 */
export type Border = { left: number; right: number; top: number; bottom: number };

/**
 * 'copy' repeats the edge pixel; 'mirror' reflects the picture about its edge, the edge pixel
 * included (…, 1, 0 | 0, 1, …), and keeps reflecting past a border wider than the picture.
 */
export function padPixels(
  rgb: Uint8Array,
  width: number,
  height: number,
  border: Border,
  mode: 'copy' | 'mirror',
): { data: Buffer; width: number; height: number } {
  const W = width + border.left + border.right;
  const H = height + border.top + border.bottom;
  const out = Buffer.allocUnsafe(W * H * 3);
  const source = (k: number, size: number) => {
    if (mode === 'copy') return k < 0 ? 0 : k >= size ? size - 1 : k;
    const m = ((k % (2 * size)) + 2 * size) % (2 * size);
    return m < size ? m : 2 * size - 1 - m;
  };
  const cols = Int32Array.from({ length: W }, (_, X) => source(X - border.left, width) * 3);
  for (let Y = 0; Y < H; Y++) {
    const from = source(Y - border.top, height) * width * 3;
    let o = Y * W * 3;
    for (let X = 0; X < W; X++, o += 3) {
      const s = from + cols[X]!;
      out[o] = rgb[s]!;
      out[o + 1] = rgb[s + 1]!;
      out[o + 2] = rgb[s + 2]!;
    }
  }
  return { data: out, width: W, height: H };
}
