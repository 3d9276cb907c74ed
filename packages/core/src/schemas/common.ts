import { z } from 'zod';
import { SCHEMA_MESSAGES } from '../messages.ts';

/** The largest PostgreSQL integer: table ids never exceed it. */
export const INT4_MAX = 2_147_483_647;

/** An id inside a JSON body: a row of this workspace can only have a PostgreSQL integer id. */
export const rowIdSchema = z.number().int().positive().max(INT4_MAX);

/** The same id in a path or a query string, where it arrives as text. */
export const idSchema = z.coerce.number().pipe(rowIdSchema);

// NUL, which PostgreSQL cannot store in text, and a UTF-16 surrogate without its pair (broken text).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_UNSAFE_TEXT_ISSUES = 20;

/** Every string of an input (values and keys, at any depth) checked once, each bad one named by its path. */
function refuseUnsafeText(input: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  const pending: [unknown, PropertyKey[]][] = [[input, []]];
  let found = 0;
  while (pending.length && found < MAX_UNSAFE_TEXT_ISSUES) {
    const [value, path] = pending.pop() as [unknown, PropertyKey[]];
    if (typeof value === 'string') {
      if (UNSAFE_TEXT.test(value)) {
        found++;
        ctx.addIssue({ code: 'custom', path, message: SCHEMA_MESSAGES.unsafeText, input: value });
      }
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push([key, path], [item, [...path, key]]);
    }
  }
}

/** The schema behind a check that refuses NUL characters and lone surrogates in any text of the input. */
export const withSafeText = <T extends z.ZodType>(schema: T) =>
  z.unknown().superRefine(refuseUnsafeText).pipe(schema);

/** A list in a query string: `?x=1,2`, `?x=1&x=2` or `?x=1`. */
export const queryListSchema = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return undefined;
    const parts = Array.isArray(v) ? v : [v];
    return parts.flatMap((p) => String(p).split(',')).filter((p) => p !== '');
  }, z.array(item).max(500).optional());

/** A yes/no in a query string: true/false or 1/0. */
export const queryBoolSchema = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean().optional(),
);

export const errorResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), description: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const paginationQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      total_count: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
    }),
  });
}

export const okSchema = z.object({ message: z.string() });
