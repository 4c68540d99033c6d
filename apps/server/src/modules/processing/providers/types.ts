/**
 * The generation provider seam (decision 010, decision 013). The job runner talks only to this
 * interface; the offline `studio` engine implements it, and hosted services (fal, Replicate,
 * Astria) implement it as adapters that answer `pending` with an external id and finish later,
 * through a webhook (`parseWebhook`) or, when the callback never arrives, through `status` polling.
 */

/** One accepted selfie as the provider sees it. */
export type SubjectPhoto = {
  id: string;
  /** The stored bytes (EXIF orientation not yet applied). */
  data: Buffer;
  width: number;
  height: number;
  /** From the upload checks when they ran: the face box in pixels of the upright image. */
  faceBox?: { x: number; y: number; width: number; height: number } | null;
  /** Face-region sharpness from the upload checks (higher is sharper); 0 when unknown. */
  sharpness: number;
  /** Head pose from the upload checks, in degrees, when known. */
  yaw?: number | null;
};

/** The person to photograph: their accepted photos, best first (see choose-photos). */
export type Subject = {
  photoshootId: string;
  photos: SubjectPhoto[];
  /** Smaller output for team test shoots. */
  isTest: boolean;
};

/** A style's look as stored on `styles` (see collections/styles.ts for the shapes). */
export type StyleSpec = {
  id: string;
  slug: string;
  framing: 'headshot' | 'half_body';
  aspect: '1:1' | '4:5' | '3:4' | '2:3';
  backdrop: { kind: 'solid' | 'gradient' | 'image' | 'bokeh'; colors: string[]; angle?: number } | null;
  grading: Record<string, unknown> | null;
  prompt: string;
  negativePrompt: string;
  /** A team's brand backdrop image, which replaces the style's backdrop when set. */
  brandBackdrop?: Buffer | null;
};

/** What a provider remembers between `prepare` and `generate` (e.g. a trained model's id). */
export type PreparedSubject = { subject: Subject; ref?: string };

export type GenerateRequest = {
  style: StyleSpec;
  /** Variant numbers to produce (a result is keyed by photoshoot, style and variant). */
  variants: number[];
  /** Base seed; the image of variant v must depend only on (seed, v) and the inputs. */
  seed: string;
  /** Cancels the work (lease lost, shutdown). */
  signal?: AbortSignal;
};

export type GeneratedImage = {
  variant: number;
  /** A JPEG. */
  data: Buffer;
  width: number;
  height: number;
  /** The source photo the image was made from, when it was one. */
  sourcePhoto?: string;
  /** Free-form generation parameters (kept hidden on the result). */
  params?: Record<string, unknown>;
};

/** An external job handle, persisted so a restarted worker can poll it instead of resubmitting. */
export type ExternalJob = { provider: string; externalId: string; variants: number[]; styleId: string };

export type GenerateOutcome =
  | { state: 'done'; images: GeneratedImage[] }
  | { state: 'pending'; job: ExternalJob }
  | { state: 'failed'; reason: string };

/** A webhook the HTTP layer hands over; verification (signature, per-job secret) is the adapter's. */
export type WebhookRequest = {
  headers: Record<string, string>;
  query: Record<string, string>;
  rawBody: Buffer;
};

export interface GenerationProvider {
  readonly name: string;
  /** Registers or trains the subject when the service needs it; the studio engine only keeps it. */
  prepare(subject: Subject, signal?: AbortSignal): Promise<PreparedSubject>;
  generate(prepared: PreparedSubject, request: GenerateRequest): Promise<GenerateOutcome>;
  /**
   * The accepted photo (its id) that `request`'s image will be made from, for a provider that picks
   * it itself and knows it before generating: the studio engine. The runner then makes a job's
   * images photo by photo, so an engine that analyses each photo once holds one analysis at a time.
   */
  sourcePhoto?(prepared: PreparedSubject, request: GenerateRequest): string;
  /** The backstop for webhooks that never arrive. */
  status(job: ExternalJob): Promise<GenerateOutcome>;
  /**
   * Waits until a pending job settles, for a provider that hears of it sooner than a poll would
   * (a webhook); without it the runner asks `status` after a pause (await-outcome.ts).
   */
  awaitOutcome?(job: ExternalJob, signal?: AbortSignal, pollMs?: number): Promise<GenerateOutcome>;
  /** Stops the job at its service and settles it failed with `reason` (default "cancelled"). */
  cancel(job: ExternalJob, reason?: string): Promise<void>;
  /**
   * Verifies and reads a callback: the job it is about and its outcome, or null when it is not
   * ours (bad signature, unknown job). Redelivery must be harmless: the runner writes by key.
   */
  parseWebhook(req: WebhookRequest): Promise<{ job: ExternalJob; outcome: GenerateOutcome } | null>;
  /** Frees workers and models. */
  close(): Promise<void>;
}

/** A failure the provider considers final (bad input): no retry will help. */
export class PermanentJobError extends Error {}

/**
 * The provider account cannot pay for the work (HTTP 402): not the customer's fault and not
 * fixed by retrying at once. The runner holds the job (no attempt spent) and alerts the operators.
 */
export class ProviderOutOfCredit extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The provider asked us to slow down (HTTP 429) for longer than is worth waiting in place: the
 * runner puts the job back until `retryAfterSeconds` have passed, without spending an attempt.
 */
export class ProviderRateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
