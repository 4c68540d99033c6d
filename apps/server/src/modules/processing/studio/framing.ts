/**
 * Where the frame sits on the source photo: the face's size and eye line per the style's framing
 * (a headshot fills the frame with the head, a half-body shows the shoulders and chest), the
 * style's aspect, and a variant's jitter. The frame may reach past the photo where only backdrop
 * will show, but never past an edge the person is cut by (that would leave a hard straight edge
 * in the middle of the backdrop): there it zooms in instead.
 */

export type Box = { x: number; y: number; width: number; height: number };
export type Crop = { left: number; top: number; width: number; height: number };
export type Framing = 'headshot' | 'half_body';

export type FrameInput = {
  source: { width: number; height: number };
  face: Box;
  /** The midpoint between the eyes. */
  eyes: { x: number; y: number };
  /** Edges of the photo the person's silhouette touches (so the frame must stay inside them). */
  touches: { left: boolean; right: boolean; top: boolean };
  /** The top of the hair (source pixels), when the matte shows it; the face box starts lower. */
  hairTop?: number | null;
  framing: Framing;
  aspect: string;
  /** Variant jitter: face size factor (≈1) and horizontal offset as a fraction of the width. */
  zoom: number;
  shift: number;
};

/**
 * Face-box height as a fraction of the frame height, the eye line from the top, and the least
 * space between the top of the hair and the frame's top edge (headroom), as fractions.
 */
export const LAYOUT: Record<Framing, { face: number; eyeLine: number; headroom: number }> = {
  headshot: { face: 0.42, eyeLine: 0.4, headroom: 0.06 },
  half_body: { face: 0.27, eyeLine: 0.3, headroom: 0.06 },
};

export function aspectRatio(aspect: string): number {
  const [w, h] = aspect.split(':').map(Number);
  return w && h ? w / h : 4 / 5;
}

/**
 * Most output pixels per source pixel: past it a face looks smeary however it is sharpened (seen
 * at 2.6–6× on real photos). The frame is never smaller than the output over this, as far as the
 * photo reaches; a small photo gets a wider framing instead of a blurry close-up.
 */
export const MAX_ENLARGEMENT = 2.5;

/** The long side of a delivered portrait. */
export const FULL_LONG_SIDE = 2048;

/**
 * The least frame height (source pixels) for a style's aspect: the delivered portrait's height
 * over MAX_ENLARGEMENT. Every render of a style frames by it whatever its own size, so a test
 * shoot or a preview shows the framing the delivered portrait will have.
 */
export function leastFrameHeight(aspect: string): number {
  return outputSize(aspect, FULL_LONG_SIDE).height / MAX_ENLARGEMENT;
}

/** Where the eyes may sit across the frame, from the left, as shares of its width. */
export const PLACEMENT = { across: [0.3, 0.7] } as const;

/**
 * How far the eyes may sit above or below the style's eye line, as a share of the frame height.
 * Past it the sitter reads as placed wrong for the style: a half-body whose eyes sit at 0.42
 * instead of 0.3 is a head-and-shoulders shot with an empty band over it, however large the frame.
 */
export const EYE_LINE_SLACK = 0.07;

/** Where the eyes may sit down the frame, from the top, as shares of its height. */
export function eyesDown(framing: Framing): readonly [number, number] {
  const line = LAYOUT[framing].eyeLine;
  return [line - EYE_LINE_SLACK, line + EYE_LINE_SLACK];
}

/** Most space over the hair, as a share of the frame (more reads as a small sitter; a headshot by its own layout has 0.13–0.16). */
export const MOST_HEADROOM = 0.18;

/** Least space under the chin, as a share of the frame. */
const CHIN_MARGIN = 0.04;

/**
 * The frame, solved in one pass (no alternating grow/shrink loop): its height is the style's face
 * share, at least the enlargement floor, and at most what the photo's edges that cut the person
 * allow with the hair's headroom and the eyes inside PLACEMENT and `eyesDown`; then the top by the eye line (raised
 * for tall hair) and the left by the eyes, each clamped to those edges.
 */
export function frameCrop(input: FrameInput & { minHeight?: number; widen?: number }): Crop {
  const { source, face, eyes, touches } = input;
  const layout = LAYOUT[input.framing];
  const ratio = aspectRatio(input.aspect);
  const hairTop = hairTopOf(input);
  const { head, most } = heightLimits(input);
  // Within the edges' limit: the enlargement floor, then the style's face share; a wider variant
  // widens whichever of them holds (a small photo's variants differ in framing too).
  const wanted = Math.max(input.minHeight ?? 0, head, face.height / (layout.face * input.zoom));
  const height = Math.max(1, Math.min(most, wanted * (input.widen ?? 1)));
  const width = height * ratio;
  let top = Math.min(eyes.y - layout.eyeLine * height, hairTop - layout.headroom * height);
  // A frame widened past the style's share (a small photo, a wider variant) would leave a band of
  // empty backdrop over the head by the eye line alone: the head rises, the eyes no higher than
  // the placement allows.
  top = Math.max(
    top,
    Math.min(hairTop - MOST_HEADROOM * height, eyes.y - eyesDown(input.framing)[0] * height),
  );
  if (top + height > source.height) top = source.height - height;
  if (touches.top && top < 0) top = 0;
  let left = eyes.x - width / 2 + input.shift * width;
  if (touches.right && left + width > source.width) left = source.width - width;
  if (touches.left && left < 0) left = 0;
  return {
    left: Math.round(left),
    top: Math.round(top),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(height)),
  };
}

/** Without a matte the hair is assumed a little above the face box, which starts at the brows. */
function hairTopOf(input: FrameInput): number {
  return Math.min(input.face.y, input.hairTop ?? input.face.y - input.face.height * 0.25);
}

/**
 * The least frame height that holds the head (hair with its headroom above, the chin a little
 * above the bottom), and the most the photo's edges allow: the body always continues below the
 * photo's bottom edge, so the frame ends above it with the headroom kept; then, where they allow,
 * the eyes are placed by rule away from any photo edge that cuts the person (else the sitter would
 * sit against a straight edge of the backdrop). The head wins over the eyes' placement.
 */
export function heightLimits(input: FrameInput): { head: number; most: number } {
  const { source, face, eyes, touches } = input;
  const ratio = aspectRatio(input.aspect);
  const hr = LAYOUT[input.framing].headroom;
  const hairTop = hairTopOf(input);
  const [acrossMin] = PLACEMENT.across;
  const [downMin, downMax] = eyesDown(input.framing);
  const head = (face.y + face.height - hairTop) / (1 - hr - CHIN_MARGIN);
  let most = Math.min(
    (source.height - hairTop) / (1 - hr),
    Math.max(head, (source.height - eyes.y) / (1 - downMax)),
  );
  if (touches.top) most = Math.min(source.height, most, Math.max(head, eyes.y / downMin));
  if (touches.left) most = Math.min(most, Math.max(head, eyes.x / (ratio * acrossMin)));
  if (touches.right) most = Math.min(most, Math.max(head, (source.width - eyes.x) / (ratio * acrossMin)));
  if (touches.left && touches.right) most = Math.min(most, source.width / ratio);
  return { head, most };
}

/** What a frame shows of the head, as shares of the frame: checked by the render and the tests. */
export type FrameCheck = { headroom: number; eyesAcross: number; eyesDown: number; chin: number };

export function checkFrame(
  crop: Crop,
  face: Box,
  eyes: { x: number; y: number },
  hairTop: number | null,
): FrameCheck {
  const top = Math.min(face.y, hairTop ?? face.y);
  return {
    headroom: (top - crop.top) / crop.height,
    eyesAcross: (eyes.x - crop.left) / crop.width,
    eyesDown: (eyes.y - crop.top) / crop.height,
    chin: (face.y + face.height - crop.top) / crop.height,
  };
}

/** Output pixel size: the long side `longSide` in the style's aspect. */
export function outputSize(aspect: string, longSide: number): { width: number; height: number } {
  const r = aspectRatio(aspect);
  return r >= 1
    ? { width: longSide, height: Math.round(longSide / r) }
    : { width: Math.round(longSide * r), height: longSide };
}

/**
 * Whether a pixel lies by the face, its ears or the hair above it: what the matte's clean-ups
 * never take away, since hair against a wall of its colour is still the sitter. Without a face,
 * nowhere.
 */
export function untouchedAround(face: Box | null): (x: number, y: number) => boolean {
  if (!face) return () => false;
  const x0 = face.x - face.width * 0.35;
  const x1 = face.x + face.width * 1.35;
  const y0 = face.y - face.height * 0.6;
  const y1 = face.y + face.height * 1.1;
  return (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
}
