/**
 * Focus measure: the variance of the 4-neighbour Laplacian of a luma plane. Computed in JS because
 * sharp's convolve clamps negative responses to 0, which halves the signal. It scales with
 * resolution, so callers resize to a fixed size first (the face to 256 px).
 */
export function laplacianVariance(luma: Float32Array, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const v = luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}
