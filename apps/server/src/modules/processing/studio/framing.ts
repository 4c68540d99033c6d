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
  framing: Framing;
  aspect: string;
  /** Variant jitter: face size factor (≈1) and horizontal offset as a fraction of the width. */
  zoom: number;
  shift: number;
};

/** Face-box height as a fraction of the frame height, and the eye line from the top. */
const LAYOUT: Record<Framing, { face: number; eyeLine: number }> = {
  headshot: { face: 0.42, eyeLine: 0.4 },
  half_body: { face: 0.23, eyeLine: 0.31 },
};

export function aspectRatio(aspect: string): number {
  const [w, h] = aspect.split(':').map(Number);
  return w && h ? w / h : 4 / 5;
}

export function frameCrop(input: FrameInput): Crop {
  const { source, face, eyes, touches } = input;
  const layout = LAYOUT[input.framing];
  const ratio = aspectRatio(input.aspect);
  let height = face.height / (layout.face * input.zoom);
  const place = (h: number) => {
    const w = h * ratio;
    return { left: eyes.x - w / 2 + input.shift * w, top: eyes.y - layout.eyeLine * h, width: w, height: h };
  };
  let crop = place(height);
  // The body always continues below the photo's bottom edge: the frame must end above it.
  for (let i = 0; i < 40; i++) {
    crop = place(height);
    const clampX = (c: Crop): Crop => {
      let left = c.left;
      if (touches.left && left < 0) left = 0;
      if (touches.right && left + c.width > source.width) left = source.width - c.width;
      if (touches.left && left < 0) left = 0;
      return { ...c, left };
    };
    crop = clampX(crop);
    let top = crop.top;
    if (top + crop.height > source.height) top = source.height - crop.height;
    if (touches.top && top < 0) top = 0;
    crop = { ...crop, top };
    const fits =
      crop.top + crop.height <= source.height + 0.5 &&
      (!touches.top || crop.top >= -0.5) &&
      (!touches.left || crop.left >= -0.5) &&
      (!touches.right || crop.left + crop.width <= source.width + 0.5);
    // Keep the face inside the frame's upper part even after the clamps moved it.
    const eyeAt = (eyes.y - crop.top) / crop.height;
    if (fits && eyeAt > 0.2 && eyeAt < 0.55) break;
    height *= 0.94;
  }
  return {
    left: Math.round(crop.left),
    top: Math.round(crop.top),
    width: Math.max(1, Math.round(crop.width)),
    height: Math.max(1, Math.round(crop.height)),
  };
}

/** Output pixel size: the long side `longSide` in the style's aspect. */
export function outputSize(aspect: string, longSide: number): { width: number; height: number } {
  const r = aspectRatio(aspect);
  return r >= 1
    ? { width: longSide, height: Math.round(longSide / r) }
    : { width: Math.round(longSide * r), height: longSide };
}
