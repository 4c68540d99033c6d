/**
 * What a settings form is made of: fields named by their path in the settings
 * (`processing.fal.apiKey`), read from and written to plain objects, with the server's errors
 * found by the same path (`data.processing["fal.apiKey"]`, or nested `data.smtp.host`).
 */
import { refusedFields } from '../data/refused-fields';

type Plain = Record<string, unknown>;

export type FieldSpec = {
  path: string;
  label: string;
  hint?: string;
  /** `secret`: write-only, shown as set / not set with a field to replace it. */
  kind: 'text' | 'number' | 'email' | 'select' | 'toggle' | 'secret';
  options?: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  /** Starts a new row of the two-column grid (the options after a provider's own). */
  newRow?: boolean;
  /** Toggles only: a warning shown while it is on (e.g. that a mode makes placeholder images). */
  warning?: string;
  /** Shown only while this holds for the form's values (e.g. the chosen provider's fields). */
  when?: (values: Plain) => boolean;
  step?: string;
};

export function getPath(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Plain)[key];
  }
  return node;
}

/** A copy of `root` with `path` set to `value` (objects on the way are copied, never mutated). */
export function setPath(root: Plain, path: string, value: unknown): Plain {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (!rest.length) return { ...root, [head]: value };
  const child = root[head];
  return {
    ...root,
    [head]: setPath(child && typeof child === 'object' ? (child as Plain) : {}, rest.join('.'), value),
  };
}

/** The values of `fields` in `settings`, as a patch-shaped object; secrets start blank (= keep). */
export function pickFields(settings: unknown, fields: readonly FieldSpec[]): Plain {
  let out: Plain = {};
  for (const f of fields) out = setPath(out, f.path, f.kind === 'secret' ? '' : getPath(settings, f.path));
  return out;
}

/** The server's message for `path` in a failed save, wherever the section put it. */
export function fieldError(err: unknown, path: string): string | undefined {
  const data = refusedFields(err) as Plain | undefined;
  const [section, ...rest] = path.split('.');
  const inSection = data?.[section!] as Plain | undefined;
  const detail = (inSection?.[rest.join('.')] ?? getPath(inSection, rest.join('.'))) as
    { message?: unknown } | undefined;
  return typeof detail?.message === 'string' ? detail.message : undefined;
}
