/**
 * Removes red-eye: a flash reflected off the retina turns the pupil red. Inside each iris (centre
 * and radius from the face mesh's iris landmarks) a pixel whose red clearly dominates green and
 * blue is a lit retina, not an iris colour (no iris is that red): its red is brought down to the
 * mean of the other two, which leaves a dark pupil with its catch-light.
 */
export type Iris = { x: number; y: number; radius: number };

/** Red over the larger of green and blue from which a pixel in the iris is red-eye (a brown iris in warm light reaches ~2). */
const RED_OVER = 2.4;
const MIN_RED = 100;

/**
 * The upright RGB bytes with red-eye removed, and how many pixels were darkened. The bytes passed
 * in are never changed: with nothing to remove they come back as they are, otherwise a copy is
 * made at the first change. The analysis deblocks the photo before it knows the eyes, and keeps
 * that work only while its bytes are still the photo's (analyse-photo.ts).
 */
export function removeRedEye(
  rgb: Buffer,
  width: number,
  height: number,
  irises: Iris[],
): { rgb: Buffer; changed: number } {
  let out = rgb;
  let changed = 0;
  for (const iris of irises) {
    // The pupil's red glow can spill a little past the iris landmarks' ring.
    const r = iris.radius * 1.15;
    const x0 = Math.max(0, Math.floor(iris.x - r));
    const x1 = Math.min(width - 1, Math.ceil(iris.x + r));
    const y0 = Math.max(0, Math.floor(iris.y - r));
    const y1 = Math.min(height - 1, Math.ceil(iris.y + r));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dx = x - iris.x;
        const dy = y - iris.y;
        if (dx * dx + dy * dy > r * r) continue;
        const o = (y * width + x) * 3;
        const red = out[o]!;
        const other = Math.max(out[o + 1]!, out[o + 2]!);
        if (red < MIN_RED || red < other * RED_OVER) continue;
        if (out === rgb) out = Buffer.from(rgb);
        // Softly at the ring's edge, fully inside it.
        const edge = Math.min(1, Math.max(0, (r - Math.sqrt(dx * dx + dy * dy)) / (r * 0.25)));
        const target = (out[o + 1]! + out[o + 2]!) / 2;
        out[o] = Math.round(red + (target - red) * edge);
        changed++;
      }
    }
  }
  return { rgb: out, changed };
}
