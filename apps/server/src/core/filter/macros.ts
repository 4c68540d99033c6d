/**
 * Date macros (PocketBase's filter identifiers). Evaluated in UTC at compile time and bound as
 * parameters; dates use the storage format so they compare correctly against date columns as text.
 */
import { formatDate } from '../../tools/dates.js';

const DAY = 86_400_000;

function utc(y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0): Date {
  return new Date(Date.UTC(y, m, d, h, min, s, ms));
}

const MACROS: Record<string, (now: Date) => string | number> = {
  '@now': (now) => formatDate(now),
  '@yesterday': (now) => formatDate(new Date(now.getTime() - DAY)),
  '@tomorrow': (now) => formatDate(new Date(now.getTime() + DAY)),
  '@todayStart': (now) => formatDate(utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  '@todayEnd': (now) =>
    formatDate(utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59, 59, 999)),
  '@monthStart': (now) => formatDate(utc(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  // Day 0 of the next month is the last day of this one.
  '@monthEnd': (now) => formatDate(utc(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 23, 59, 59, 999)),
  '@yearStart': (now) => formatDate(utc(now.getUTCFullYear(), 0, 1)),
  '@yearEnd': (now) => formatDate(utc(now.getUTCFullYear(), 11, 31, 23, 59, 59, 999)),
  '@second': (now) => now.getUTCSeconds(),
  '@minute': (now) => now.getUTCMinutes(),
  '@hour': (now) => now.getUTCHours(),
  '@day': (now) => now.getUTCDate(),
  '@month': (now) => now.getUTCMonth() + 1,
  '@weekday': (now) => now.getUTCDay(),
  '@year': (now) => now.getUTCFullYear(),
};

/** The macro's value at `now`, or undefined when `name` is not a macro. */
export function macroValue(name: string, now: Date): string | number | undefined {
  const fn = Object.prototype.hasOwnProperty.call(MACROS, name) ? MACROS[name] : undefined;
  return fn?.(now);
}
