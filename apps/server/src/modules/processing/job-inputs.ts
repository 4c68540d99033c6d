/**
 * Everything a job needs, read once when it starts: the photoshoot's package (images per style),
 * its chosen styles (with a team's brand backdrop), the accepted photos' bytes with their
 * analysis, and the results that already exist (a retry or a redo finds some).
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { fileKey } from '../../core/files/storage.js';
import { decodeRow } from '../../core/records/codec.js';
import { readFaceBox } from './studio/choose-photos.js';
import { referenceEmbedding } from './likeness/reference.js';
import { PermanentJobError, type StyleSpec, type Subject, type SubjectPhoto } from './providers/types.js';
import { recordOf, type RecordOf } from '../record-of.js';
import { isObjectLike } from '../../tools/object-kinds.js';

/** When a photoshoot has no package (operators may create one so), one image per style. */
export const DEFAULT_IMAGES_PER_STYLE = 1;

export type JobInputs = {
  photoshoot: RecordOf<'photoshoots'>;
  imagesPerStyle: number;
  styles: (StyleSpec & { name: string })[];
  subject: Subject;
  /** The subject's face for likeness scoring (mean of the originals' embeddings); null without one. */
  reference: number[] | null;
  /** Existing results by `${style}:${variant}`. */
  results: Map<string, RecordOf<'results'>>;
};

export function resultKey(style: string, variant: number): string {
  return `${style}:${variant}`;
}

/** The stored file `name` of the record `id` in `collection`. */
async function readFile(app: App, collection: string, id: string, name: string): Promise<Buffer> {
  return app.storage.readBuffer(fileKey(app.registry.require(collection).id, id, name));
}

/** A head turn stored with the face box (`{pose: {yaw}}` or a flat `yaw`), when there is one. */
function yawOf(faceBox: unknown): number | null {
  const pose = isObjectLike(faceBox) ? (faceBox.pose ?? faceBox) : null;
  const yaw = isObjectLike(pose) ? pose.yaw : null;
  return typeof yaw === 'number' && Number.isFinite(yaw) ? yaw : null;
}

/** A hidden text field (not in the generated record types): the codec decodes it to a string. */
function hiddenText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function loadJobInputs(app: App, photoshoot: RecordOf<'photoshoots'>): Promise<JobInputs> {
  const id = photoshoot.id;
  const pkg = photoshoot.package
    ? recordOf('packages', await app.records.findById(app.registry.require('packages'), photoshoot.package))
    : null;
  const imagesPerStyle = Math.max(1, (pkg?.imagesPerStyle ?? DEFAULT_IMAGES_PER_STYLE) || 1);

  const team = photoshoot.team
    ? recordOf('teams', await app.records.findById(app.registry.require('teams'), photoshoot.team))
    : null;
  const brandBackdrop = team?.brandBackdrop
    ? await readFile(app, 'teams', team.id, team.brandBackdrop)
    : null;

  const stylesCollection = app.registry.require('styles');
  const styles: JobInputs['styles'] = [];
  for (const styleId of photoshoot.styles ?? []) {
    const s = recordOf('styles', await app.records.findById(stylesCollection, styleId));
    if (!s) continue;
    styles.push({
      id: s.id,
      name: s.name,
      slug: s.slug,
      framing: s.framing === 'half_body' ? 'half_body' : 'headshot',
      aspect: (['1:1', '4:5', '3:4', '2:3'].includes(s.aspect) ? s.aspect : '4:5') as StyleSpec['aspect'],
      backdrop: (s.backdrop as StyleSpec['backdrop']) ?? null,
      grading: (s.grading as StyleSpec['grading']) ?? null,
      prompt: hiddenText(s.prompt),
      negativePrompt: hiddenText(s.negativePrompt),
      brandBackdrop,
    });
  }
  if (!styles.length) throw new PermanentJobError('The photoshoot has no styles to generate.');

  const photosCollection = app.registry.require('original_photos');
  const rows = await app.db.all(
    `SELECT * FROM ${q(photosCollection.name)} WHERE "photoshoot" = ? AND "qc" = 'accepted' ORDER BY "created", "id"`,
    [id],
  );
  const photos: SubjectPhoto[] = [];
  const embeddings: number[][] = [];
  for (const row of rows) {
    const p = recordOf('original_photos', decodeRow(photosCollection, row));
    if (Array.isArray(p.embedding)) embeddings.push(p.embedding as number[]);
    const width = p.width || 0;
    const height = p.height || 0;
    photos.push({
      id: p.id,
      data: await readFile(app, 'original_photos', p.id, p.file),
      width,
      height,
      faceBox: readFaceBox(p.faceBox, width, height),
      sharpness: p.sharpness || 0,
      yaw: yawOf(p.faceBox),
    });
  }
  if (!photos.length) throw new PermanentJobError('The photoshoot has no accepted photos to work from.');

  const resultsCollection = app.registry.require('results');
  const existing = await app.db.all(`SELECT * FROM ${q(resultsCollection.name)} WHERE "photoshoot" = ?`, [
    id,
  ]);
  const results = new Map<string, RecordOf<'results'>>();
  for (const row of existing) {
    const r = recordOf('results', decodeRow(resultsCollection, row));
    results.set(resultKey(r.style, r.variant), r);
  }
  return {
    photoshoot,
    imagesPerStyle,
    styles,
    subject: { photoshootId: id, photos, isTest: photoshoot.isTest === true },
    reference: referenceEmbedding(embeddings),
    results,
  };
}
