/** A restore that was refused before the live data was touched; the message is safe to log. */
export class RestoreError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}
