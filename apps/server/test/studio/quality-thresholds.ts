/**
 * The committed thresholds of the portrait quality check (portrait-quality.test.ts). Measured
 * figures are in docs/decisions/019-studio-portrait-quality.md; each threshold leaves a margin
 * under (or over) them so only a real regression fails the check.
 */
export const THRESHOLDS = {
  /** Least space above the hair, as a fraction of the frame height (the layout asks for 0.06). */
  minHeadroom: 0.04,
  /** Most pixels of the input's green padding or pattern that may survive, as a share. */
  maxGreenShare: 0.0015,
  /** Most matte pixels of the sample's pale backdrop kept behind the right shoulder (179 before the leftover clean-up, 47 after: the strip's lower part stays). */
  maxPaleStrip: 90,
  /** Least face sharpness (variance of the Laplacian, luma 0..1) of a 2048 px headshot of the sample. */
  minFaceSharpness: 1.8e-4,
  /** Least gain in face sharpness of the enlarged sample over plain Lanczos at the same size. */
  minEnlargeGain: 1.8,
  /** Least share of the sample's left ear (skin-coloured pixels beside the cheek) the matte keeps (0.58 before face-sides.ts, 0.98 after). */
  minEarKept: 0.9,
  /** Most share of the pale wall around that ear the matte keeps (0 before and after). */
  maxWallByEarKept: 0.01,
  /** Most matte pixels of the pale backdrop kept in the strip's lower part, between the right arm and the held helmet (119 before the second leftovers pass, 24 after). */
  maxPaleStripLower: 50,
  /** Least share of each part of the sitter beside the leftovers the matte keeps (held helmet 0.944, sleeve's flag patch 0.829, the rest 0.999–1 before and after). */
  minHeldHelmetKept: 0.94,
  /** Most one-step background-to-solid jumps of the matte where the strip was cut off the arm (55 with a hard cut, 0 softened). */
  maxHardStepsAtCut: 10,
  /** Most matte pixels of the pale backdrop left behind the right shoulder, specks included, in the box of maxPaleStrip (47 after the first leftovers pass, 1 after the second). */
  maxPaleStripSpecks: 10,
  minSleevePatchKept: 0.82,
  /** Most share of the flag's red stripe beside the sleeve at the sample's bottom left the matte keeps (0.92 before border-context.ts, 0.07 after). */
  maxFlagStripeKept: 0.2,
  minSitterPartKept: 0.99,
} as const;

/** Most blockiness (block-boundary step over in-block step, 1 = none) left on the sample's face along its JPEG grid after deblocking (1.055 before, 1.002 after). */
export const MAX_SAMPLE_FACE_BLOCKINESS = 1.02;

/** Most stair-stepping of the sample's matte outline over the head (outlineRoughness, source pixels; 0.070 before hair-matte.ts, 0.029 after). */
export const MAX_HAIR_OUTLINE_ROUGHNESS = 0.05;

/**
 * What the studio engine guarantees of every portrait from a photo that passes the upload
 * checks, as limits on the corpus report's measures (corpus-report.ts). A portrait outside one
 * breaks that guarantee; the report counts them and corpus-baseline.json holds the counts the
 * engine must not exceed.
 */
export const CORPUS_LIMITS = {
  /** Least space above the hair (share of the frame height). */
  minHeadroom: 0.04,
  /** Most distance of the eye line from the style's rule (share of the frame height). */
  maxEyeLineOff: 0.08,
  /** Most distance of the person's centre from the frame's middle (share of the width). */
  maxSubjectOffCentre: 0.2,
  /** Face height over the style's rule: the subject's size for its framing. */
  faceSizeRange: [0.75, 1.3] as const,
  /** Least share of a half-body frame the person covers (about 60 % empty backdrop is a fault). */
  minHalfBodyCover: 0.35,
  /** Most enlargement of the source at 2048 px that still looks sharp. */
  maxEnlargement: 2.5,
  /** Most area of loose matte pieces, as a share of the frame. */
  maxLooseShare: 0.002,
  /** Most share of another person's face the matte may keep. */
  maxNeighbourKept: 0.1,
  /** Most degrees of skin hue outside the neutral-light band. */
  maxSkinCast: 10,
  /** Most head roll left in the portrait, degrees. */
  maxRoll: 8,
} as const;
