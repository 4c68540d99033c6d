/**
 * The quality report over the corpus of everyday photos (corpus-photos.ts): each photo through
 * the upload checks as a customer's upload, then through the studio engine in a headshot and a
 * half-body style, with each portrait measured against what the engine guarantees (head in frame
 * with headroom, placement and size by the style's rule, enlargement, loose pieces and other
 * people, skin colour, head roll), plus the variety of a style's variants per person and how far
 * two team styles differ on one brand backdrop.
 */
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { analysePhoto as checkPhoto } from '../../src/modules/analysis/analyse-photo.js';
import { defaultUploadCheckSettings } from '../../src/modules/analysis/check-settings.js';
import type { NormBox, PhotoAnalysis as UploadAnalysis } from '../../src/modules/analysis/photo-analysis.js';
import { judge, notesOn } from '../../src/modules/analysis/verdict.js';
import { findPeople } from '../../src/modules/analysis/vision/people.js';
import { studioFrameRules } from '../../src/modules/processing/studio-frame-rules.js';
import {
  aspectRatio,
  LAYOUT,
  leastFrameHeight,
  MOST_HEADROOM,
  type Box,
  type Crop,
  type Framing,
} from '../../src/modules/processing/studio/framing.js';
import type { RenderedPortrait } from '../../src/modules/processing/studio/render-portrait.js';
import type { RenderJob, StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { loadPhoto, type CorpusPhoto } from './corpus-photos.js';
import {
  headroom,
  keptInBox,
  loosePieces,
  skinCast,
  subjectCover,
  thumbDifference,
  thumbnail,
} from './quality-measures.js';
import { CORPUS_LIMITS } from './quality-thresholds.js';

/** The long side the report renders at; figures that depend on size are given for 2048 px. */
export const REPORT_LONG_SIDE = Number(process.env.CORPUS_LONG_SIDE) || 768;
const FULL = 2048;

/** The styles every photo is rendered in: the headshot, and a half-body style taking turns. */
const HEADSHOT = 'corporate-grey-studio';
const HALF_BODY = ['tech-startup', 'warm-office'];
/** Two team styles rendered on one brand backdrop. */
const TEAM_STYLES = ['corporate-grey-studio', 'executive-navy'];
const TEAM_PHOTOS = ['astronaut', 'g3b-close', 'g6a-close'];
/** People whose variants are compared (the first with accepted photos), to bound the time. */
export const VARIETY_PEOPLE = 10;

/** Upload-check reasons that have nothing to do with another person in the photo. */
const NOT_ABOUT_OTHERS = new Set([
  'no_face',
  'face_too_small',
  'face_turned',
  'eyes_closed',
  'head_tilted',
  'blurry',
  'too_dark',
  'overexposed',
  'low_resolution',
  'duplicate',
  'different_person',
  'unreadable',
]);

export type UploadFigures = {
  id: string;
  person: string;
  derived: boolean;
  cases: string[];
  accepted: boolean;
  reasons: string[];
  faces: number;
  /** Rejected for someone else in the photo (multiple faces, or any reason about other people). */
  neighbourFlagged: boolean;
  roll: number | null;
  /** Notes on an accepted photo (small_for_close_ups: told its portraits may look soft). */
  notes: string[];
};

export type PortraitFigures = {
  photo: string;
  style: string;
  framing: Framing;
  accepted: boolean;
  /** The customer was told at upload that the photo is small for close-ups. */
  smallNoted: boolean;
  /** A face found again in the finished portrait, and its box clear of the frame's edges. */
  faceFound: boolean;
  faceInside: boolean;
  /** Space over the hair as a share of the frame height (negative: the hair is cut). */
  headroom: number | null;
  /** Eyes' row and column as shares of the frame (the style's rule: LAYOUT eyeLine, 0.5 ± shift). */
  eyeLine: number | null;
  eyeX: number | null;
  /**
   * Face height as a share of the frame over the share the framing policy asks: the style's rule,
   * or less where the enlargement floor widens the frame, or more where the photo cannot give
   * that frame (`tallestFrame`; 1 = as asked).
   */
  faceSize: number;
  /** Share of the frame the person covers, and their centre's column. */
  subjectShare: number;
  subjectX: number;
  /** Source pixels to output pixels at 2048 px. */
  enlargement: number;
  /** Matte pieces in the frame not joined to the person. */
  looseCount: number;
  looseShare: number;
  /** Largest share of another person's face (found at upload) the matte keeps; null: none in frame. */
  neighbourKept: number | null;
  /** Skin hue degrees outside the neutral-light band; null for a colourless face. */
  skinCast: number | null;
  skinHue: number | null;
  /** Head roll in the portrait, degrees. */
  roll: number | null;
  /** Overlap (IoU) of the face the engine framed with the face the upload checks found. */
  faceAgreement: number | null;
  /** The guarantees this portrait breaks (CORPUS_LIMITS). */
  fails: string[];
};

export type VarietyFigures = {
  person: string;
  photos: number;
  /** Mean and least difference of two variants' thumbnails (0–1). */
  meanDiff: number;
  minDiff: number;
  /** Spread of the face's size and of the eyes' column over the variants (max − min). */
  sizeSpread: number;
  eyeXSpread: number;
};

export type TeamFigures = { photo: string; diff: number };

export type CorpusReport = {
  longSide: number;
  uploads: UploadFigures[];
  portraits: PortraitFigures[];
  variety: VarietyFigures[];
  team: TeamFigures[];
  /** Seconds each part took. */
  seconds: Record<string, number>;
};

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

function iou(a: Box, b: Box): number {
  const x = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const y = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = x * y;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function pixels(box: NormBox, width: number, height: number): Box {
  return { x: box.x * width, y: box.y * height, width: box.width * width, height: box.height * height };
}

async function uploadCheck(human: Human, jpeg: Buffer): Promise<UploadAnalysis | null> {
  const r = await checkPhoto(human, { bytes: jpeg, format: 'jpeg', checks: true });
  return r.analysis;
}

/**
 * The tallest frame (source pixels of the engine's photo, levelled if it was) a portrait of the
 * style's aspect can take from it without breaking another guarantee: it ends at the photo's
 * bottom (the body continues there) and rises at most MOST_HEADROOM of itself over the hair (more
 * is an empty band over a small sitter), or to the photo's top; and where the person is cut by
 * both sides, it is no wider than the photo (past a side that cuts the person the portrait would
 * show a straight edge of photo against backdrop). A face framed tighter than the style asks is a
 * size fault only when this frame would have come closer to the ask.
 */
export function tallestFrame(
  a: Awaited<ReturnType<StudioEngine['analyse']>>,
  face: Box,
  aspect: string,
): number {
  const hairTop = a.hairTop ?? face.y - face.height * 0.25;
  const tall = hairTop > 0 ? (a.height - hairTop) / (1 - MOST_HEADROOM) : a.height;
  return a.touches.left && a.touches.right ? Math.min(tall, a.width / aspectRatio(aspect)) : tall;
}

/** Which guarantees a portrait breaks. */
export function failures(p: Omit<PortraitFigures, 'fails'>): string[] {
  const L = CORPUS_LIMITS;
  const rule = LAYOUT[p.framing];
  const fails: string[] = [];
  if (!p.faceFound || !p.faceInside || p.headroom === null || p.headroom < L.minHeadroom) fails.push('head');
  if (
    p.eyeLine === null ||
    Math.abs(p.eyeLine - rule.eyeLine) > L.maxEyeLineOff ||
    Math.abs(p.subjectX - 0.5) > L.maxSubjectOffCentre
  )
    fails.push('placement');
  if (
    p.faceSize < L.faceSizeRange[0] ||
    p.faceSize > L.faceSizeRange[1] ||
    (p.framing === 'half_body' && p.subjectShare < L.minHalfBodyCover)
  )
    fails.push('size');
  // Past the limit only from a photo the customer was told at upload is small for close-ups.
  if (p.enlargement > L.maxEnlargement && !p.smallNoted) fails.push('enlargement');
  if (p.looseShare > L.maxLooseShare || (p.neighbourKept ?? 0) > L.maxNeighbourKept)
    fails.push('only-subject');
  if (p.skinCast !== null && p.skinCast > L.maxSkinCast) fails.push('colour');
  if (p.roll === null || Math.abs(p.roll) > L.maxRoll) fails.push('roll');
  return fails;
}

async function measurePortrait(
  human: Human,
  a: Awaited<ReturnType<StudioEngine['analyse']>>,
  r: RenderedPortrait,
  ctx: {
    photo: string;
    style: string;
    framing: Framing;
    aspect: string;
    accepted: boolean;
    upload: UploadAnalysis | null;
  },
): Promise<PortraitFigures> {
  const crop = r.params.crop as Crop;
  const face = a.face ?? { x: 0, y: 0, width: 0, height: 0 };
  const eyes = a.eyes;
  const again = await uploadCheck(human, r.jpeg);
  const found = again?.faces[0]?.box ?? null;
  const edge = 0.005;
  const cover = subjectCover(a, crop);
  const loose = loosePieces(a, crop, face);
  const others = (ctx.upload?.faces ?? []).slice(1).map((f) => pixels(f.box, a.width, a.height));
  const kept = others.map((o) => keptInBox(a, o, crop)).filter((v): v is number => v !== null);
  const skin = await skinCast(r.jpeg, r.params.face as Box);
  const mainUpload = ctx.upload?.faces[0]?.box;
  const figures: Omit<PortraitFigures, 'fails'> = {
    photo: ctx.photo,
    style: ctx.style,
    framing: ctx.framing,
    accepted: ctx.accepted,
    smallNoted: ctx.upload
      ? notesOn(ctx.upload, studioFrameRules).some((n) => n.code === 'small_for_close_ups')
      : false,
    faceFound: found !== null,
    faceInside:
      found !== null &&
      found.x > edge &&
      found.y > edge &&
      found.x + found.width < 1 - edge &&
      found.y + found.height < 1 - edge,
    headroom: a.hairTop === null ? null : round(headroom(r, a.hairTop)),
    eyeLine: eyes ? round((eyes.y - crop.top) / crop.height) : null,
    eyeX: eyes ? round((eyes.x - crop.left) / crop.width) : null,
    faceSize: round(
      Math.min(
        tallestFrame(a, face, ctx.aspect),
        Math.max(face.height / LAYOUT[ctx.framing].face, leastFrameHeight(ctx.aspect)),
      ) / crop.height,
    ),
    subjectShare: round(cover.share),
    subjectX: round(cover.centreX),
    enlargement: round(((r.params.upscale as number) * FULL) / REPORT_LONG_SIDE, 2),
    looseCount: loose.count,
    looseShare: round(loose.share, 4),
    neighbourKept: kept.length ? round(Math.max(...kept)) : null,
    skinCast: skin ? round(skin.cast, 1) : null,
    skinHue: skin ? round(skin.hue, 1) : null,
    roll: again?.face ? again.face.roll : null,
    faceAgreement: a.face && mainUpload ? round(iou(a.face, pixels(mainUpload, a.width, a.height))) : null,
  };
  return { ...figures, fails: failures(figures) };
}

/** A made-up brand backdrop: a teal wall with a pale band and a round mark. */
async function brandBackdrop(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500"><rect width="1200" height="1500" fill="#1f6f78"/><rect y="520" width="1200" height="160" fill="#d9eef0"/><circle cx="980" cy="260" r="120" fill="#f2b134"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

export async function corpusReport(
  engine: StudioEngine,
  human: Human,
  /** The upload checks' people detector (vision/people.ts). */
  bodies: Human,
  photos: CorpusPhoto[],
  keep?: (name: string, jpeg: Buffer) => Promise<void>,
): Promise<CorpusReport> {
  const style = (slug: string) => STYLE_SEEDS.find((s) => s.slug === slug)!;
  const look = (slug: string) => {
    const s = style(slug);
    return { framing: s.framing, aspect: s.aspect, backdrop: s.backdrop, grading: s.grading };
  };
  const seconds: Record<string, number> = { uploadChecks: 0, analysis: 0, render: 0, measure: 0 };
  const timed = async <T>(part: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await f();
    } finally {
      seconds[part]! += (performance.now() - t) / 1000;
    }
  };

  const uploads: UploadFigures[] = [];
  const portraits: PortraitFigures[] = [];
  const variety: VarietyFigures[] = [];
  const team: TeamFigures[] = [];
  const brand = await brandBackdrop();
  const render = (id: string, jpeg: Buffer, opts: Omit<RenderJob, 'photoKey' | 'photo' | 'longSide'>) =>
    timed('render', () =>
      engine.render({ photoKey: `corpus:${id}`, photo: jpeg, longSide: REPORT_LONG_SIDE, ...opts }),
    );

  // Person by person, so a person's photos are still in the engine's analysis cache when their
  // variants are rendered.
  // CORPUS_SHARD=k/n: only every n-th person from the k-th, to spread a baseline run over
  // processes (the reports' parts then joined); the CI run takes everyone. CORPUS_ONLY=id,id:
  // only those photos (each still in its styles of the whole corpus), to re-measure a few.
  const [k, n] = (process.env.CORPUS_SHARD ?? '0/1').split('/').map(Number) as [number, number];
  const only = process.env.CORPUS_ONLY?.split(',');
  const chosen = photos.filter((p) => !only || only.includes(p.id));
  const people = [...new Set(chosen.map((p) => p.person))].filter((_, i) => i % n === k);
  for (const person of people) {
    const own: { id: string; jpeg: Buffer }[] = [];
    for (const p of chosen.filter((x) => x.person === person)) {
      const jpeg = await loadPhoto(p, photos);
      const upload = await timed('uploadChecks', () => uploadCheck(human, jpeg));
      const people = await timed('uploadChecks', () => findPeople(bodies, jpeg));
      const reasons = upload
        ? judge(upload, defaultUploadCheckSettings(), [], studioFrameRules, people).map((x) => x.code)
        : ['unreadable'];
      const accepted = reasons.length === 0;
      if (accepted) own.push({ id: p.id, jpeg });
      uploads.push({
        id: p.id,
        person: p.person,
        derived: p.derived,
        cases: p.cases,
        accepted,
        reasons,
        faces: upload?.faces.length ?? 0,
        neighbourFlagged: reasons.some((c) => !NOT_ABOUT_OTHERS.has(c)),
        roll: upload?.face?.roll ?? null,
        notes: accepted && upload ? notesOn(upload, studioFrameRules).map((x) => x.code) : [],
      });
      const a = await timed('analysis', () => engine.analyse(`corpus:${p.id}`, jpeg));
      for (const slug of [HEADSHOT, HALF_BODY[photos.indexOf(p) % HALF_BODY.length]!]) {
        const s = style(slug);
        const r = await render(p.id, jpeg, {
          look: look(slug),
          seed: `corpus:${p.id}:${slug}`,
          lightSide: 1,
        });
        await keep?.(`${p.id}--${slug}`, r.jpeg);
        portraits.push(
          await timed('measure', () =>
            measurePortrait(human, a, r, {
              photo: p.id,
              style: slug,
              framing: s.framing,
              aspect: s.aspect,
              accepted,
              upload,
            }),
          ),
        );
      }
      if (TEAM_PHOTOS.includes(p.id)) {
        const thumbs: Uint8Array[] = [];
        for (const slug of TEAM_STYLES) {
          const r = await render(p.id, jpeg, {
            look: look(slug),
            seed: `corpus:team:${p.id}`,
            brandBackdrop: brand,
            lightSide: 1,
          });
          await keep?.(`${p.id}--team-${slug}`, r.jpeg);
          thumbs.push(await thumbnail(r.jpeg));
        }
        team.push({ photo: p.id, diff: round(thumbDifference(thumbs[0]!, thumbs[1]!), 4) });
      }
    }
    if (own.length && variety.length < VARIETY_PEOPLE) variety.push(await varietyOf(person, own));
  }

  // A style's four variants, made as the provider makes them: from the person's accepted photos
  // in turn, the key light alternating sides.
  async function varietyOf(person: string, own: { id: string; jpeg: Buffer }[]): Promise<VarietyFigures> {
    const thumbs: Uint8Array[] = [];
    const sizes: number[] = [];
    const eyeXs: number[] = [];
    for (let v = 0; v < 4; v++) {
      const { id, jpeg } = own[v % own.length]!;
      const a = await timed('analysis', () => engine.analyse(`corpus:${id}`, jpeg));
      const r = await render(id, jpeg, {
        look: look(HEADSHOT),
        seed: `corpus:variety:${person}:${v}`,
        lightSide: v % 2 === 0 ? -1 : 1,
      });
      thumbs.push(await thumbnail(r.jpeg));
      const crop = r.params.crop as Crop;
      sizes.push((a.face?.height ?? 0) / crop.height);
      eyeXs.push(a.eyes ? (a.eyes.x - crop.left) / crop.width : 0.5);
    }
    const diffs: number[] = [];
    for (let i = 0; i < thumbs.length; i++)
      for (let j = i + 1; j < thumbs.length; j++) diffs.push(thumbDifference(thumbs[i]!, thumbs[j]!));
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    return {
      person,
      photos: own.length,
      meanDiff: round(diffs.reduce((s, d) => s + d, 0) / diffs.length, 4),
      minDiff: round(Math.min(...diffs), 4),
      sizeSpread: round(spread(sizes)),
      eyeXSpread: round(spread(eyeXs)),
    };
  }
  for (const k of Object.keys(seconds)) seconds[k] = round(seconds[k]!, 1);
  return { longSide: REPORT_LONG_SIDE, uploads, portraits, variety, team, seconds };
}
