/**
 * 64-bit perceptual hashes for near-duplicate detection, compared by Hamming distance. dHash
 * (row gradients of a 9×8 thumbnail) and pHash (signs of the low 8×8 DCT of a 32×32 thumbnail
 * against their median) fail differently, so a pair counts as a duplicate if either is close.
 */

/** dHash of a 9×8 luma plane (row-major). */
export function dHash(luma9x8: Float32Array): string {
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | (luma9x8[y * 9 + x]! > luma9x8[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

const N = 32;
const COS: Float64Array = (() => {
  const t = new Float64Array(8 * N);
  for (let k = 0; k < 8; k++)
    for (let i = 0; i < N; i++) t[k * N + i] = Math.cos(((2 * i + 1) * k * Math.PI) / (2 * N));
  return t;
})();

/** pHash of a 32×32 luma plane (row-major). */
export function pHash(luma32: Float32Array): string {
  // Separable DCT-II, only the 8×8 lowest frequencies are needed.
  const rows = new Float64Array(N * 8);
  for (let y = 0; y < N; y++) {
    for (let k = 0; k < 8; k++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += luma32[y * N + x]! * COS[k * N + x]!;
      rows[y * 8 + k] = s;
    }
  }
  const coeffs: number[] = [];
  for (let ky = 0; ky < 8; ky++) {
    for (let kx = 0; kx < 8; kx++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * 8 + kx]! * COS[ky * N + y]!;
      coeffs.push(s);
    }
  }
  // The DC term says only how bright the image is: leave it out of the median.
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[31]!;
  let bits = 0n;
  for (const c of coeffs) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two 16-hex-digit hashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt('0x' + a) ^ BigInt('0x' + b);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
