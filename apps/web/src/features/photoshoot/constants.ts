/**
 * The flow's limits and messages. The limits mirror the server's `photoshoots` settings defaults
 * (superuser-only, so the web app cannot read them); the server enforces the real values and its
 * messages are shown whenever it refuses something.
 */
export const LIMITS = {
  /** Photos one photoshoot may hold. */
  maxPhotos: 20,
  /** Accepted photos needed before the styles step. */
  minAcceptedPhotos: 6,
  /** Redo rounds that cost nothing. */
  freeRedos: 1,
  /** Largest upload in bytes (original_photos.file maxSize). */
  maxUploadBytes: 20 * 1024 * 1024,
} as const;

/** Image types the server accepts (it sniffs the bytes too). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',');

/** The uploader's messages (seed §8, "Upload errors"). */
export const UPLOAD_ERRORS = {
  failed: 'Upload failed',
  invalidJson: 'Invalid JSON response',
  network: 'Network error occurred',
  aborted: 'Upload aborted',
  status: (status: number) => `Request failed with status ${status}`,
} as const;

/** A file that is not an image we take, said the same way before and after upload. */
export const NOT_A_PHOTO = 'This file is not a photo we can read: use JPEG, PNG or WebP';

/** Client-side pre-check messages, said before a byte is sent. */
export const PRECHECK_MESSAGES = {
  heic:
    'HEIC photos are not supported. On an iPhone, choose Settings › Camera › Formats › Most Compatible, ' +
    'or share the photo as JPEG (Photos app: Share › Options › Format: JPEG / "Most Compatible"), then add it again.',
  type: NOT_A_PHOTO,
  tooLarge: (mb: string) => `This photo is ${mb} MB; the largest we accept is 20 MB.`,
  empty: 'This file is empty.',
  tooMany: (max: number) => `A photoshoot can hold at most ${max} photos. Remove one to add another.`,
} as const;

/** How long the debounced coupon quote waits after the last keystroke. */
export const QUOTE_DEBOUNCE_MS = 400;

/** How often pages that follow live state re-check even without a realtime event (a backstop). */
export const POLL_BACKSTOP_MS = 15_000;
