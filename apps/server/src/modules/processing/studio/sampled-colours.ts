/**
 * The nearest colours, to one pixel's, among the members of a set of pixels (a mask) sampled on a
 * grid around it: every `step`-th pixel across and down from `reach` before it to `reach` after,
 * as scene-leftovers.ts and thin-spurs.ts look around a pixel of the matte's rim. That is 1849
 * samples per pixel at 1024 px, for tens of thousands of rim pixels a round.
 *
 * The samples of pixels whose x (and y) agree modulo `step` fall on one lattice. Each lattice is
 * cut into blocks of BLOCK × BLOCK samples that know their members' colour range, and a block
 * whose range is farther from the pixel's colour than what the search already holds is skipped
 * unread. The answers are exactly those of reading every sample: a block is skipped only when none
 * of its samples could change them.
 */

const SHIFT = 2;
const BLOCK = 1 << SHIFT;
/** Samples per block. */
const CELLS = BLOCK * BLOCK;

type Lattice = {
  /** Per block: the least and greatest red, green and blue of its members (3 bytes each). */
  lo: Uint8Array;
  hi: Uint8Array;
  count: Int32Array;
  /**
   * Per block, its CELLS samples row by row: a member's colour as 0xRRGGBB, -1 for no member.
   * A block's samples lie together, so reading one touches a cache line or two instead of a row of
   * the photo per sample row.
   */
  colour: Int32Array;
  /** Blocks across. */
  across: number;
};

export class SampledColours {
  private readonly lattices: Lattice[];
  /** Samples across (down) the lattice of each residue of x (y) modulo `step`. */
  private readonly cols: Int32Array;
  private readonly rows: Int32Array;
  /** Samples per window side, less one. */
  private readonly span: number;
  private readonly one = new Float64Array(1);
  /** Block offsets (down, across) from a window's middle block, nearest first. */
  private readonly order: Int32Array;

  constructor(
    private readonly rgb: Uint8Array,
    private readonly member: Uint8Array,
    private readonly width: number,
    height: number,
    private readonly reach: number,
    private readonly step: number,
  ) {
    this.span = Math.floor((2 * reach) / step);
    this.cols = Int32Array.from({ length: step }, (_, r) => Math.ceil((width - r) / step));
    this.rows = Int32Array.from({ length: step }, (_, r) => Math.ceil((height - r) / step));
    this.order = blocksByDistance(((this.span >> 1) >> SHIFT) + 1);
    this.lattices = [];
    for (let ry = 0; ry < step; ry++)
      for (let rx = 0; rx < step; rx++) {
        const across = (this.cols[rx]! + BLOCK - 1) >> SHIFT;
        const blocks = across * ((this.rows[ry]! + BLOCK - 1) >> SHIFT);
        this.lattices.push({
          lo: new Uint8Array(blocks * 3).fill(255),
          hi: new Uint8Array(blocks * 3),
          count: new Int32Array(blocks),
          colour: new Int32Array(blocks * CELLS).fill(-1),
          across,
        });
      }
    // Lattice row by lattice row, so no pixel's lattice and block need a division.
    for (let y = 0; y < height; y++) {
      const ry = y % step;
      const cy = (y - ry) / step;
      for (let rx = 0; rx < step; rx++) {
        const l = this.lattices[ry * step + rx]!;
        const rowBlock = (cy >> SHIFT) * l.across;
        const rowCell = (cy & (BLOCK - 1)) << SHIFT;
        for (let x = rx, cx = 0; x < width; x += step, cx++) {
          const j = y * width + x;
          if (member[j]) this.enter(l, rowBlock + (cx >> SHIFT), rowCell + (cx & (BLOCK - 1)), j);
        }
      }
    }
  }

  /** Makes pixel `j` a member (its mask entry is set here too). */
  add(j: number): void {
    if (this.member[j]) return;
    this.member[j] = 1;
    const { l, b, cell } = this.place(j);
    this.enter(l, b, cell, j);
  }

  /**
   * Makes pixel `j` no member. Its block keeps the colour range it had: a wider range than the
   * members' only skips fewer blocks, never a block that holds an answer.
   */
  remove(j: number): void {
    if (!this.member[j]) return;
    this.member[j] = 0;
    const { l, b, cell } = this.place(j);
    l.count[b]!--;
    l.colour[b * CELLS + cell] = -1;
  }

  /** Pixel `j`'s lattice, block, and place in the block. */
  private place(j: number): { l: Lattice; b: number; cell: number } {
    const x = j % this.width;
    const y = (j - x) / this.width;
    const rx = x % this.step;
    const ry = y % this.step;
    const l = this.lattices[ry * this.step + rx]!;
    const cx = (x - rx) / this.step;
    const cy = (y - ry) / this.step;
    return {
      l,
      b: (cy >> SHIFT) * l.across + (cx >> SHIFT),
      cell: ((cy & (BLOCK - 1)) << SHIFT) + (cx & (BLOCK - 1)),
    };
  }

  /** Counts member `j` in block `b` of `l`, at `cell`, and widens the block's colour range to its colour. */
  private enter(l: Lattice, b: number, cell: number, j: number): void {
    const r = this.rgb[j * 3]!;
    const g = this.rgb[j * 3 + 1]!;
    const bl = this.rgb[j * 3 + 2]!;
    l.count[b]!++;
    l.colour[b * CELLS + cell] = (r << 16) | (g << 8) | bl;
    const b3 = b * 3;
    if (r < l.lo[b3]!) l.lo[b3] = r;
    if (r > l.hi[b3]!) l.hi[b3] = r;
    if (g < l.lo[b3 + 1]!) l.lo[b3 + 1] = g;
    if (g > l.hi[b3 + 1]!) l.hi[b3 + 1] = g;
    if (bl < l.lo[b3 + 2]!) l.lo[b3 + 2] = bl;
    if (bl > l.hi[b3 + 2]!) l.hi[b3 + 2] = bl;
  }

  /**
   * The least squared colour distance (summed over the channels) from pixel `i` to a member on
   * its grid: exact when it is at most `limit`, otherwise some value above `limit` (Infinity
   * when no member is near).
   */
  nearest(i: number, limit: number): number {
    this.one[0] = Infinity;
    // Distances are whole numbers: one of 0 cannot be bettered.
    this.search(i, this.one, limit, 1);
    return this.one[0]!;
  }

  /**
   * Fills `found` (ascending) with the squared colour distances from pixel `i` to its
   * `found.length` nearest-coloured members on its grid, Infinity where there are fewer. The
   * search may stop once the last of them is below `enough`, and then only that is sure.
   */
  nearestK(i: number, found: Float64Array, enough: number): void {
    found.fill(Infinity);
    this.search(i, found, Infinity, enough);
  }

  private search(i: number, found: Float64Array, limit: number, enough: number): void {
    const { rgb, width, step, span } = this;
    const last = found.length - 1;
    const x = i % width;
    const y = (i - x) / width;
    const pr = rgb[i * 3]!;
    const pg = rgb[i * 3 + 1]!;
    const pb = rgb[i * 3 + 2]!;
    // The window's first sample, and the lattice it lies on.
    const sx = x - this.reach;
    const sy = y - this.reach;
    const rx = ((sx % step) + step) % step;
    const ry = ((sy % step) + step) % step;
    const ix0 = Math.max(0, (sx - rx) / step);
    const iy0 = Math.max(0, (sy - ry) / step);
    const ix1 = Math.min(this.cols[rx]! - 1, (sx - rx) / step + span);
    const iy1 = Math.min(this.rows[ry]! - 1, (sy - ry) / step + span);
    const l = this.lattices[ry * step + rx]!;
    const { lo, hi, count, colour, across } = l;
    // The blocks nearest the pixel first: colours are alike nearby, so the search soon holds
    // close answers, which skip more of the blocks after them, and a search that may stop early
    // stops sooner.
    const by0 = iy0 >> SHIFT;
    const by1 = iy1 >> SHIFT;
    const bx0 = ix0 >> SHIFT;
    const bx1 = ix1 >> SHIFT;
    const mid = span >> 1;
    const cby = ((sy - ry) / step + mid) >> SHIFT;
    const cbx = ((sx - rx) / step + mid) >> SHIFT;
    const order = this.order;
    for (let k = 0; k < order.length; k += 2) {
      const by = cby + order[k]!;
      const bx = cbx + order[k + 1]!;
      if (by < by0 || by > by1 || bx < bx0 || bx > bx1) continue;
      const b = by * across + bx;
      if (!count[b]) continue;
      // The least distance any colour in the block's range can have.
      const b3 = b * 3;
      const dr = pr < lo[b3]! ? lo[b3]! - pr : pr > hi[b3]! ? pr - hi[b3]! : 0;
      const dg = pg < lo[b3 + 1]! ? lo[b3 + 1]! - pg : pg > hi[b3 + 1]! ? pg - hi[b3 + 1]! : 0;
      const db = pb < lo[b3 + 2]! ? lo[b3 + 2]! - pb : pb > hi[b3 + 2]! ? pb - hi[b3 + 2]! : 0;
      const least = dr * dr + dg * dg + db * db;
      if (least > limit || least >= found[last]!) continue;
      const yEnd = Math.min(iy1, (by << SHIFT) + BLOCK - 1);
      const xStart = Math.max(ix0, bx << SHIFT);
      const xEnd = Math.min(ix1, (bx << SHIFT) + BLOCK - 1);
      for (let cy = Math.max(iy0, by << SHIFT); cy <= yEnd; cy++) {
        const cells = b * CELLS + ((cy & (BLOCK - 1)) << SHIFT) - (bx << SHIFT);
        for (let cx = xStart; cx <= xEnd; cx++) {
          const c = colour[cells + cx]!;
          if (c < 0) continue;
          const er = (c >> 16) - pr;
          const eg = ((c >> 8) & 255) - pg;
          const eb = (c & 255) - pb;
          const d = er * er + eg * eg + eb * eb;
          if (d < found[last]!) insertSorted(found, d);
        }
      }
      if (found[last]! < enough) return;
    }
  }
}

/** The offsets (dy, dx) within `r` blocks of the middle one, by distance from it. */
function blocksByDistance(r: number): Int32Array {
  const offsets: Array<[number, number]> = [];
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) offsets.push([dy, dx]);
  offsets.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2));
  return Int32Array.from(offsets.flat());
}

/** Puts `d` into the ascending `list` (its last, largest entry falls out). */
function insertSorted(list: Float64Array, d: number): void {
  let k = list.length - 1;
  while (k > 0 && list[k - 1]! > d) {
    list[k] = list[k - 1]!;
    k--;
  }
  list[k] = d;
}
