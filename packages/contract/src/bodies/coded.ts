/**
 * PocketBase's error codes on schema failures. A body's field fails with `{code, message}` in the
 * server's 400 (`validation_required`, `validation_invalid_value`, …); zod's built-in checks get
 * their codes from the server's one mapping, and a check whose failure has a code of its own names
 * it here, in `params.code`, beside the sentence the form shows.
 */
import { z } from 'zod';

/** The refinement options of a check that fails with its own code: `.refine(ok, issue(...))`. */
export function issue(code: string, message: string, params: Record<string, unknown> = {}) {
  return { message, params: { ...params, code } };
}

/**
 * `schema`, any failure of which reads as one code and one sentence: for a field whose form says
 * in one sentence what it must be ("a list of style ids"), however it was wrong. Fatal, so checks
 * chained after it only ever see a value that passed.
 */
export function coded<T extends z.ZodTypeAny>(
  schema: T,
  code: string,
  message: string,
  params: Record<string, unknown> = {},
): z.ZodType<z.output<T>, z.ZodTypeDef, z.input<T>> {
  return z
    .custom<z.input<T>>(() => true)
    .transform((value, ctx) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data as z.output<T>;
      ctx.addIssue({ code: z.ZodIssueCode.custom, fatal: true, ...issue(code, message, params) });
      return z.NEVER;
    });
}
