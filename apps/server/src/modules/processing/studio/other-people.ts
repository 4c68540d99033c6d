/**
 * Removes other people partly in the photo from the matte: the person model cuts out everyone,
 * and a neighbour whose shoulder or hair touches the sitter's stays joined to them. Each matte
 * pixel belongs to the face it is nearest to along the matte (a breadth-first walk from every
 * face at once, so the split runs where the two people meet), and below the chins to the face
 * right above it; what belongs to another face goes.
 */
import type { Box } from './framing.js';

/**
 * Whether `other` can be another person rather than something on the sitter (a printed face on a
 * shirt sits below the chin, in front of the body): beside or above the sitter's chin, not tiny.
 */
export function isNeighbour(main: Box, other: Box): boolean {
  if (other.height < main.height * 0.25) return false;
  const cx = other.x + other.width / 2;
  const mainCx = main.x + main.width / 2;
  const belowChin = other.y + other.height / 2 > main.y + main.height;
  return !(belowChin && Math.abs(cx - mainCx) < main.width * 1.5);
}

/** Drops (in place) the matte that is nearer another face than the sitter's; returns the count. */
export function dropOtherPeople(
  alpha: Float32Array,
  width: number,
  height: number,
  main: Box,
  others: Box[],
): number {
  const people = others.filter((o) => isNeighbour(main, o));
  if (!people.length) return 0;
  const owner = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  let tail = 0;
  [main, ...people].forEach((f, k) => {
    // The face's middle: its box reaches past the cheeks onto the background.
    const x0 = Math.max(0, Math.round(f.x + f.width * 0.3));
    const x1 = Math.min(width - 1, Math.round(f.x + f.width * 0.7));
    const y0 = Math.max(0, Math.round(f.y + f.height * 0.3));
    const y1 = Math.min(height - 1, Math.round(f.y + f.height * 0.7));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (owner[i] || alpha[i]! < 0.5) continue;
        owner[i] = k + 1;
        queue[tail++] = i;
      }
  });
  // The neighbours are read inline: neighbours4's array per pixel cost ~90 ms a photo.
  const last = (height - 1) * width;
  const take = (j: number, k: number) => {
    if (owner[j] || alpha[j]! <= 0.02) return;
    owner[j] = k;
    queue[tail++] = j;
  };
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const k = owner[i]!;
    const x = i % width;
    if (x > 0) take(i - 1, k);
    if (x < width - 1) take(i + 1, k);
    if (i >= width) take(i - width, k);
    if (i < last) take(i + width, k);
  }
  // Below the chins, people sit or stand side by side: a body belongs to the face above it (by
  // the horizontal distance in face widths), which the walk along the matte gets wrong where a
  // neighbour's arm or lap touches the sitter's hair or shoulder.
  const chin = Math.round(main.y + main.height);
  const axis = (f: Box) => f.x + f.width / 2;
  const mainAxis = axis(main);
  for (let y = Math.max(0, chin); y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (owner[i] !== 1) continue;
      const mine = Math.abs(x - mainAxis) / main.width;
      if (people.some((p) => y > p.y + p.height && Math.abs(x - axis(p)) / p.width < mine)) owner[i] = 2;
    }
  let dropped = 0;
  for (let i = 0; i < owner.length; i++) {
    if (owner[i]! <= 1) continue;
    alpha[i] = 0;
    dropped++;
  }
  return dropped;
}
