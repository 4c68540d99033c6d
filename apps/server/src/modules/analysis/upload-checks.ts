/**
 * Runs the upload checks: each new original photo (and, at start-up, each still `pending`) is
 * analysed in the worker pool, its stored file replaced by the upright, metadata-free
 * re-encoding, and its `qc` set to `accepted` or `rejected` with reasons. The record is written
 * through the normal update path as the system, so realtime subscribers see the verdict.
 */
import { ServiceKey } from '../../core/service-key.js';
import { createHash } from 'node:crypto';
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { fileKey, recordDir, thumbsPrefix } from '../../core/files/storage.js';
import { sniffBuffer } from '../../core/files/sniff.js';
import { systemCaller } from '../../core/records/caller.js';
import { decodeRow } from '../../core/records/codec.js';
import { ApiError } from '../../core/errors.js';
import { nowString } from '../../tools/dates.js';
import { PoolClosedError, PoolFullError, WorkerCrashError } from '../../tools/worker-pool.js';
import { acquireFaceThreads, faceThreads, type FaceThreadsLease } from './face-threads.js';
import { closePeopleThreads, findPeopleInThread } from './people-threads.js';
import type { PersonBox } from './vision/people.js';
import { decodeHashes, encodeHashes } from './fingerprints.js';
import type { AnalysisFormat, AnalysisResult } from './photo-analysis.js';
import { reason, type QcReason } from './reasons.js';
import { judge, notesOn, type OtherPhoto } from './verdict.js';
import { frameRulesKey } from './frame-rules.js';
import { recordOf } from '../record-of.js';

const COLLECTION = 'original_photos';
const FORMATS: Record<string, AnalysisFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/** A photo whose analysis crashed its thread this many times is rejected as unreadable. */
const MAX_ATTEMPTS = 2;

/** The running upload checks of an app (analysis module). */
export const uploadChecksKey = new ServiceKey<UploadChecks>('uploadChecks');

export class UploadChecks {
  /** The face-model threads, shared with likeness scoring (face-threads.ts); held once checking. */
  private faces: FaceThreadsLease | null = null;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Per-photoshoot chain, so two uploads of one photoshoot are judged one after the other. */
  private readonly verdictChains = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | null = null;
  private overflowed = false;
  private closed = false;
  /**
   * Checks holding a photo's bytes: at most one per thread. The others wait holding only the id,
   * so a burst of 20 uploads of 8 MB is not 20 × 16 MB (stored bytes + the copy for the thread)
   * on the request thread's heap while the first ones are analysed.
   */
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly app: App) {}

  /** Listens for new photos and re-queues the ones a previous run left pending. */
  start(): void {
    this.unsubscribe = this.app.events.on(COLLECTION, 'create', (e) =>
      this.enqueue(recordOf(COLLECTION, e.record).id),
    );
    this.track('resume', this.resumePending());
  }

  /** Face-model threads alive now: none until the first photo is checked, none again once idle. */
  get threads(): number {
    return faceThreads();
  }

  /** Resolves when every analysis started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    for (const wake of this.waiting.splice(0)) wake();
    await this.faces?.close();
    await closePeopleThreads();
    await this.idle();
  }

  /** Queues a photo's analysis unless it is queued already. */
  enqueue(id: string): void {
    if (this.closed || this.inFlight.has(id)) return;
    this.track(id, this.check(id));
  }

  async resumePending(): Promise<void> {
    const rows = await this.app.db.all<{ id: string }>(
      `SELECT "id" FROM ${q(COLLECTION)} WHERE "qc" = ? ORDER BY "created"`,
      ['pending'],
    );
    for (const r of rows) this.enqueue(r.id);
  }

  private track(key: string, work: Promise<void>): void {
    const p = work
      .catch((err: unknown) =>
        process.emitWarning(`upload check ${key} failed: ${(err as Error)?.message ?? err}`),
      )
      .finally(() => {
        this.inFlight.delete(key);
        if (this.overflowed && !this.closed && this.waiting.length < this.maxQueue() / 2) {
          this.overflowed = false;
          this.track('resume', this.resumePending());
        }
      });
    this.inFlight.set(key, p);
  }

  private settings() {
    return this.app.settings.get().processing;
  }

  private maxQueue(): number {
    return this.settings().checks.maxQueue;
  }

  private workers(): FaceThreadsLease {
    this.faces ??= acquireFaceThreads(() => this.settings().checks.workers);
    return this.faces;
  }

  /**
   * Waits for a free thread's turn; null when the wait list is full (the photo stays `pending` and
   * is resumed once the list has drained) or the checks are closing.
   */
  private async turn(): Promise<(() => void) | null> {
    while (this.active >= Math.max(1, this.settings().checks.workers)) {
      if (this.closed) return null;
      if (this.waiting.length >= this.maxQueue()) {
        this.overflowed = true;
        return null;
      }
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
    if (this.closed) return null;
    this.active++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }

  private async check(id: string): Promise<void> {
    const done = await this.turn();
    if (!done) return;
    try {
      await this.checkNow(id);
    } finally {
      done();
    }
  }

  private async checkNow(id: string): Promise<void> {
    const collection = this.app.registry.require(COLLECTION);
    const photo = recordOf('original_photos', await this.app.records.findById(collection, id));
    if (!photo || photo.qc !== 'pending' || !photo.file) return;
    const key = fileKey(collection.id, id, photo.file);
    const bytes = await this.app.storage.readBuffer(key);
    const mime = (await sniffBuffer(bytes)).mime;
    const format = FORMATS[mime];
    if (!format)
      return this.save(id, { qc: 'rejected', qcReasons: [reason('unreadable')], qcCheckedAt: nowString() });

    const checks = this.settings().uploadChecks;
    // The people by their bodies are looked for in threads of their own, meanwhile.
    const people = checks ? this.people(bytes) : Promise.resolve([]);
    let result: AnalysisResult | null = null;
    for (let attempt = 1; !result; attempt++) {
      // A copy the worker can own: storage buffers may be views into a shared pool.
      const input = new Uint8Array(bytes);
      try {
        result = await this.workers().analyse({ bytes: input, format, checks });
      } catch (err) {
        if (err instanceof PoolClosedError) return;
        if (err instanceof PoolFullError) {
          this.overflowed = true;
          return;
        }
        if (err instanceof WorkerCrashError && attempt < MAX_ATTEMPTS) continue;
        // The image broke the decoder, or the thread, more than once: not something to retry.
        return this.save(id, { qc: 'rejected', qcReasons: [reason('unreadable')], qcCheckedAt: nowString() });
      }
    }
    if (this.closed) return;

    const clean = Buffer.from(result.clean.buffer, result.clean.byteOffset, result.clean.byteLength);
    await this.app.storage.putBuffer(key, clean, mime);
    await this.app.storage.deletePrefix(thumbsPrefix(collection.id, id, photo.file));
    const contentHash = createHash('sha256').update(clean).digest('hex');
    const base = { width: result.width, height: result.height, contentHash, qcCheckedAt: nowString() };
    const analysis = result.analysis;
    if (!analysis) return this.save(id, { ...base, qc: 'accepted', qcReasons: [] });
    const bodies = await people;
    if (!bodies || this.closed) return;

    const face = analysis.face;
    const fields = {
      ...base,
      faceCount: analysis.faces.length,
      faceBox: face ? face.box : null,
      sharpness: face?.sharpness ?? 0,
      brightness: Math.round(face?.exposure.mean ?? analysis.exposure.mean),
      phash: encodeHashes(analysis.phash, analysis.dhash),
      embedding: face && face.embedding.length ? face.embedding : null,
    };
    await this.serially(photo.photoshoot, async () => {
      const others = await this.acceptedOthers(photo.photoshoot, id);
      const reasons = judge(
        analysis,
        this.settings().checks,
        others,
        this.app.service(frameRulesKey),
        bodies,
      );
      // An accepted photo may still carry notes (too small for close-ups), shown beside it.
      const qc = reasons.length ? 'rejected' : 'accepted';
      await this.save(id, {
        ...fields,
        qc,
        qcReasons: reasons.length ? reasons : notesOn(analysis, this.app.service(frameRulesKey)),
      });
    });
  }

  /**
   * The people in the photo by their bodies; null when the threads were closed or are full (the
   * photo stays pending, as when the face-model threads are). On any other failure the verdict
   * is the face analysis's alone, and the failure is reported: a photo that breaks the decoder
   * breaks the face analysis too, which then decides.
   */
  private async people(bytes: Buffer): Promise<PersonBox[] | null> {
    try {
      return await findPeopleInThread(bytes, () => this.settings().checks.workers);
    } catch (err) {
      if (err instanceof PoolClosedError) return null;
      if (err instanceof PoolFullError) {
        this.overflowed = true;
        return null;
      }
      process.emitWarning(`people check failed: ${(err as Error)?.message ?? err}`);
      return [];
    }
  }

  private async acceptedOthers(photoshoot: string, id: string): Promise<OtherPhoto[]> {
    const collection = this.app.registry.require(COLLECTION);
    const rows = await this.app.db.all(
      `SELECT * FROM ${q(COLLECTION)} WHERE "photoshoot" = ? AND "id" <> ? AND "qc" = ?`,
      [photoshoot, id, 'accepted'],
    );
    const others: OtherPhoto[] = [];
    for (const row of rows) {
      const rec = decodeRow(collection, row);
      const hashes = decodeHashes(rec.phash);
      if (!hashes) continue;
      others.push({ ...hashes, embedding: Array.isArray(rec.embedding) ? (rec.embedding as number[]) : [] });
    }
    return others;
  }

  private serially(key: string, work: () => Promise<void>): Promise<void> {
    const prev = this.verdictChains.get(key) ?? Promise.resolve();
    const next = prev.then(work, work);
    const tail = next.catch(() => {});
    this.verdictChains.set(key, tail);
    void tail.then(() => {
      if (this.verdictChains.get(key) === tail) this.verdictChains.delete(key);
    });
    return next;
  }

  /** Writes the verdict; when the photo was deleted meanwhile, removes the file written for it. */
  private async save(id: string, body: Record<string, unknown> & { qcReasons?: QcReason[] }): Promise<void> {
    const collection = this.app.registry.require(COLLECTION);
    try {
      await this.app.records.update(
        collection,
        systemCaller(this.app.registry.require('_superusers')),
        id,
        body,
      );
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      await this.app.storage.deletePrefix(recordDir(collection.id, id));
    }
  }
}
