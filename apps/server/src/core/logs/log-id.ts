/**
 * Ids for log rows: 15 characters of [a-z0-9] like record ids, drawn from a pooled buffer of
 * crypto-random bytes. One `randomBytes` call per row was a tenth of a request's CPU in the bench;
 * a log id needs to be unique, not secret, but the pool keeps it just as unpredictable anyway.
 */
import { randomFillSync } from 'node:crypto';

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 15;
// note: bytes at or past the largest multiple of 36 are skipped, so every character is equally likely.
const LIMIT = 256 - (256 % CHARS.length);
const pool = Buffer.alloc(4096);
let next = pool.length;

function byte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

export function newLogId(): string {
  let out = '';
  while (out.length < LENGTH) {
    const b = byte();
    if (b < LIMIT) out += CHARS[b % CHARS.length];
  }
  return out;
}
