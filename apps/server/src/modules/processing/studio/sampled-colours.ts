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

type Lattice = {
  /** Per block: the least and greatest red, green and blue of its members (3 bytes each). */
  lo: Uint8Array;
  hi: Uint8Array;
  count: Int32Array;
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
    this.lattices = [];
    for (let ry = 0; ry < step; ry++)
      for (let rx = 0; rx < step; rx++) {
        const across = (this.cols[rx]! + BLOCK - 1) >> SHIFT;
        const blocks = across * ((this.rows[ry]! + BLOCK - 1) >> SHIFT);
        this.lattices.push({
          lo: new Uint8Array(blocks * 3).fill(255),
          hi: new Uint8Array(blocks * 3),
          count: new Int32Array(blocks),
          across,
        });
      }
    for (let j = 0; j < member.length; j++) if (member[j]) this.count(j, 1);
  }

  /** Makes pixel `j` a member (its mask entry is set here too). */
  add(j: number): void {
    if (this.member[j]) return;
    this.member[j] = 1;
    this.count(j, 1);
  }

  /**
   * Makes pixel `j` no member. Its block keeps the colour range it had: a wider range than the
   * members' only skips fewer blocks, never a block that holds an answer.
   */
  remove(j: number): void {
    if (!this.member[j]) return;
    this.member[j] = 0;
    this.count(j, -1);
  }

  /** Adds `by` to the count of `j`'s block, and widens its colour range to `j`'s when adding. */
  private count(j: number, by: number): void {
    const x = j % this.width;
    const y = (j - x) / this.width;
    const rx = x % this.step;
    const ry = y % this.step;
    const l = this.lattices[ry * this.step + rx]!;
    const b = (((y - ry) / this.step) >> SHIFT) * l.across + (((x - rx) / this.step) >> SHIFT);
    l.count[b]! += by;
    if (by < 0) return;
    for (let c = 0; c < 3; c++) {
      const v = this.rgb[j * 3 + c]!;
      if (v < l.lo[b * 3 + c]!) l.lo[b * 3 + c] = v;
      if (v > l.hi[b * 3 + c]!) l.hi[b * 3 + c] = v;
    }
  }

  /**
   * The least squared colour distance (summed over the channels) from pixel `i` to a member on
   * its grid: exact when it is at most `limit`, otherwise some value above `limit` (Infinity
   * when no member is near).
   */
  nearest(i: number, limit: number): number {
    this.one[0] = Infinity;
    this.search(i, this.one, limit, -1);
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
    const { rgb, member, width, step, span } = this;
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
    const { lo, hi, count, across } = l;
    for (let by = iy0 >> SHIFT; by <= iy1 >> SHIFT; by++) {
      for (let bx = ix0 >> SHIFT; bx <= ix1 >> SHIFT; bx++) {
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
        const xEnd = Math.min(ix1, (bx << SHIFT) + BLOCK - 1);
        for (let cy = Math.max(iy0, by << SHIFT); cy <= yEnd; cy++) {
          const row = (ry + cy * step) * width + rx;
          for (let cx = Math.max(ix0, bx << SHIFT); cx <= xEnd; cx++) {
            const j = row + cx * step;
            if (!member[j]) continue;
            const d = (rgb[j * 3]! - pr) ** 2 + (rgb[j * 3 + 1]! - pg) ** 2 + (rgb[j * 3 + 2]! - pb) ** 2;
            if (d < found[last]!) insertSorted(found, d);
          }
        }
        if (found[last]! < enough) return;
      }
    }
  }
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
