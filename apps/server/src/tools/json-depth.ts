/**
 * JSON nesting depth, measured on the raw text before it is parsed. `JSON.parse` itself copes with
 * any depth, but everything after it (validation, `JSON.stringify`, cloning) recurses and overflows
 * the stack, and a deep document costs far more to parse than its size suggests. Brackets inside
 * strings don't count; UTF-8 continuation bytes never equal an ASCII bracket, quote or backslash,
 * so bytes can be scanned chunk by chunk as they arrive.
 */

/** A JSON nesting depth no legitimate body or field value of ours comes near. */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Follows the depth across chunks; `exceeded` turns true at the first bracket past `maxDepth`. */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  exceeded = false;

  constructor(private readonly maxDepth: number) {}

  /** Scans a chunk (bytes or text); returns true once the limit has been passed. */
  push(chunk: Uint8Array | string): boolean {
    if (this.exceeded) return true;
    const text = typeof chunk === 'string';
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      const c = text ? chunk.charCodeAt(i) : chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++this.depth > this.maxDepth) return (this.exceeded = true);
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        this.depth--;
      }
    }
    return false;
  }
}

export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON nested deeper than ${maxDepth} levels`);
  }
}

/** `JSON.parse`, refusing (JsonTooDeepError) text nested deeper than `maxDepth` before parsing it. */
export function parseJsonWithin(text: string, maxDepth = DEFAULT_MAX_JSON_DEPTH): unknown {
  if (new JsonDepthScanner(maxDepth).push(text)) throw new JsonTooDeepError(maxDepth);
  return JSON.parse(text);
}
