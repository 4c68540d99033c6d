/**
 * Skin keeps its hue under any white light: in CIE L*a*b*, healthy skin of every complexion sits
 * near one hue angle (SKIN_HUE), lighter or darker, more or less saturated. The light match
 * (compose.ts) multiplies the subject's channels by its corrections (the room's cast taken out,
 * a little of the backdrop's colour reflected); each is right on its own, but together they could
 * still leave a face orange under tungsten (the cast band allows blue down to half of red) or
 * blue-green in front of a saturated blue backdrop. The multipliers are therefore pulled towards
 * a neutral skin until the face's mean under them is within SKIN_HUE_SLACK of the skin hue.
 */

/** Hue angle (degrees of L*a*b*) of skin under neutral light, whatever its complexion. */
export const SKIN_HUE = 57;

/**
 * Most degrees a corrected face's mean may lie from SKIN_HUE. The finished portrait can read up
 * to ~15° further out (g6b's bright yellowish face, after the key light, its roll-off and the
 * grade), and the corpus report allows 22°: a slack of 16 left g6b at 34°, 10 leaves it at 31°.
 */
export const SKIN_HUE_SLACK = 10;

/** Green and blue over red of a neutral mid skin (hue ≈ SKIN_HUE): where the pull ends. */
const NEUTRAL_SKIN = { g: 0.8, b: 0.65 } as const;

type Rgb3 = { r: number; g: number; b: number };

/** The L*a*b* hue angle (degrees, −180..180) of an sRGB colour with channels 0..1 (D65). */
export function hueOf(c: Rgb3): number {
  const lin = (v: number) => {
    const x = Math.max(0, v);
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(c.r), lin(c.g), lin(c.b)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
  const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return (Math.atan2(200 * (fy - fz), 500 * (fx - fy)) * 180) / Math.PI;
}

/** Degrees between two hue angles. */
function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * Channel multipliers `m` for a face whose mean colour is `face`, changed as little as needed for
 * the face under them to have a skin hue: the corrected mean is moved in a straight line towards a
 * neutral skin of the same brightness (luma) until its hue is within SKIN_HUE_SLACK.
 */
export function keepSkinHue(face: Rgb3, m: Rgb3): Rgb3 {
  if (face.r <= 0.02 || face.g <= 0.02 || face.b <= 0.02) return m;
  const lit = { r: face.r * m.r, g: face.g * m.g, b: face.b * m.b };
  if (hueDistance(hueOf(lit), SKIN_HUE) <= SKIN_HUE_SLACK) return m;
  const luma = (c: Rgb3) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  const unit = { r: 1, g: NEUTRAL_SKIN.g, b: NEUTRAL_SKIN.b };
  const k = luma(lit) / luma(unit);
  const neutral = { r: unit.r * k, g: unit.g * k, b: unit.b * k };
  const at = (s: number): Rgb3 => ({
    r: lit.r + (neutral.r - lit.r) * s,
    g: lit.g + (neutral.g - lit.g) * s,
    b: lit.b + (neutral.b - lit.b) * s,
  });
  // The least pull that brings the hue in (bisection: the hue turns monotonically along the line).
  let [lo, hi] = [0, 1];
  for (let step = 0; step < 12; step++) {
    const mid = (lo + hi) / 2;
    if (hueDistance(hueOf(at(mid)), SKIN_HUE) <= SKIN_HUE_SLACK) hi = mid;
    else lo = mid;
  }
  const c = at(hi);
  return { r: c.r / face.r, g: c.g / face.g, b: c.b / face.b };
}
