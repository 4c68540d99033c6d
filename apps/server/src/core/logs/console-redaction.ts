/**
 * Console output goes through the same redaction as every other log line: the core reports
 * failures with `console.error(…, err)`, and an error's message may quote a URL with a token, a
 * connection string with a password or a provider's key.
 */
import { formatWithOptions } from 'node:util';
import { redactText } from './redact.js';

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** Rewrites `target`'s output methods to format their arguments and redact the result. */
export function redactConsole(target: Pick<Console, (typeof METHODS)[number]> = console): void {
  for (const name of METHODS) {
    const original = target[name].bind(target);
    target[name] = (...args: unknown[]) =>
      original(redactText(formatWithOptions({ colors: false }, ...args)));
  }
}
