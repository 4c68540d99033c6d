/**
 * JSON nesting depth, measured on the raw text before it is parsed. `JSON.parse` itself copes with
 * any depth, but everything after it (validation, `JSON.stringify`, cloning) recurses and overflows
 * the stack, and a deep document costs far more to parse than its size suggests. Brackets inside
 * strings don't count; UTF-8 continuation bytes never equal an ASCII bracket, quote or backslash,
 * so bytes can be scanned chunk by chunk as they arrive.
 *
 * The same pass counts object keys (colons) and elements (commas) when asked to: a flat object of
 * 90,000 distinct keys is under a mebibyte yet takes `JSON.parse` hundreds of milliseconds on the
 * main thread, as every new key gets its own hidden-class transition; arrays cost far less.
 */

/** A JSON nesting depth no legitimate body or field value of ours comes near. */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

const COLON = 0x3a;
const COMMA = 0x2c;

/** Which bound a scanned text passed first. */
export type JsonShapeLimit = 'depth' | 'keys' | 'elements';

/**
 * Follows the depth (and the counts of keys and elements) across chunks; `exceeded` names the
 * first bound passed.
 */
export class JsonDepthScanner {
  private depth = 0;
  private keys = 0;
  private elements = 0;
  private inString = false;
  private escaped = false;
  exceeded: JsonShapeLimit | null = null;

  constructor(
    private readonly maxDepth: number,
    private readonly maxKeys = Infinity,
    private readonly maxElements = Infinity,
  ) {}

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
        if (++this.depth > this.maxDepth) return this.exceed('depth');
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        this.depth--;
      } else if (c === COLON) {
        if (++this.keys > this.maxKeys) return this.exceed('keys');
      } else if (c === COMMA) {
        if (++this.elements > this.maxElements) return this.exceed('elements');
      }
    }
    return false;
  }

  private exceed(limit: JsonShapeLimit): true {
    this.exceeded = limit;
    return true;
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
