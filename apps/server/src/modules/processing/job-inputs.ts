/**
 * Everything a job needs, read once when it starts: the photoshoot's package (images per style),
 * its chosen styles (with a team's brand backdrop), the accepted photos' bytes with their
 * analysis, and the results that already exist (a retry or a redo finds some).
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { fileKey } from '../../core/files/storage.js';
import { decodeRow, type RecordData } from '../../core/records/codec.js';
import { readFaceBox } from './studio/choose-photos.js';
import { referenceEmbedding } from './likeness/reference.js';
import { PermanentJobError, type StyleSpec, type Subject, type SubjectPhoto } from './providers/types.js';
import { recordOf } from '../record-of.js';

/** When a photoshoot has no package (operators may create one so), one image per style. */
export const DEFAULT_IMAGES_PER_STYLE = 1;

export type JobInputs = {
  photoshoot: RecordData;
  imagesPerStyle: number;
  styles: (StyleSpec & { name: string })[];
  subject: Subject;
  /** The subject's face for likeness scoring (mean of the originals' embeddings); null without one. */
  reference: number[] | null;
  /** Existing results by `${style}:${variant}`. */
  results: Map<string, RecordData>;
};

export function resultKey(style: string, variant: number): string {
  return `${style}:${variant}`;
}

async function readFile(app: App, collection: string, record: RecordData, field: string): Promise<Buffer> {
  const c = app.registry.require(collection);
  return app.storage.readBuffer(fileKey(c.id, String(record.id), String(record[field])));
}

function yawOf(photo: RecordData): number | null {
  const box = photo.faceBox as Record<string, unknown> | null;
  const pose = (box && typeof box === 'object' ? (box.pose ?? box) : null) as Record<string, unknown> | null;
  const yaw = pose ? Number(pose.yaw) : NaN;
  return Number.isFinite(yaw) ? yaw : null;
}

export async function loadJobInputs(app: App, photoshoot: RecordData): Promise<JobInputs> {
  const id = String(photoshoot.id);
  const pkg = photoshoot.package
    ? await app.records.findById(app.registry.require('packages'), String(photoshoot.package))
    : null;
  const imagesPerStyle = Math.max(1, Number(pkg?.imagesPerStyle ?? DEFAULT_IMAGES_PER_STYLE) || 1);

  const team = photoshoot.team
    ? await app.records.findById(app.registry.require('teams'), String(photoshoot.team))
    : null;
  const brandBackdrop = team?.brandBackdrop ? await readFile(app, 'teams', team, 'brandBackdrop') : null;

  const stylesCollection = app.registry.require('styles');
  const styles: JobInputs['styles'] = [];
  for (const styleId of (photoshoot.styles as string[] | undefined) ?? []) {
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
      // note: the prompts are hidden fields, not in the generated record types.
      prompt: String(s.prompt ?? ''),
      negativePrompt: String(s.negativePrompt ?? ''),
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
      data: await readFile(app, 'original_photos', p, 'file'),
      width,
      height,
      faceBox: readFaceBox(p.faceBox, width, height),
      sharpness: p.sharpness || 0,
      yaw: yawOf(p),
    });
  }
  if (!photos.length) throw new PermanentJobError('The photoshoot has no accepted photos to work from.');

  const resultsCollection = app.registry.require('results');
  const existing = await app.db.all(`SELECT * FROM ${q(resultsCollection.name)} WHERE "photoshoot" = ?`, [
    id,
  ]);
  const results = new Map<string, RecordData>();
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
