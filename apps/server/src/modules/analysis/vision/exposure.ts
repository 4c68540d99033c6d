/** Exposure of a luma plane: how bright, and how much is crushed to black or blown to white. */
export type Exposure = {
  /** Mean luma, 0–255. */
  mean: number;
  /** Standard deviation of luma (contrast). */
  std: number;
  /** Fraction of pixels at luma ≤ 5. */
  clippedShadows: number;
  /** Fraction of pixels at luma ≥ 250. */
  clippedHighlights: number;
};

export function exposureOf(luma: Float32Array): Exposure {
  let sum = 0;
  let sumSq = 0;
  let low = 0;
  let high = 0;
  for (const v of luma) {
    sum += v;
    sumSq += v * v;
    if (v <= 5) low++;
    else if (v >= 250) high++;
  }
  const n = luma.length || 1;
  const mean = sum / n;
  return {
    mean,
    std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)),
    clippedShadows: low / n,
    clippedHighlights: high / n,
  };
}
