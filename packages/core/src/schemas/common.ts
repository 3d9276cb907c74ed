import { z } from 'zod';

/** The largest PostgreSQL integer: table ids never exceed it. */
export const INT4_MAX = 2_147_483_647;

export const idSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** An id inside a JSON body: a row of this workspace can only have a PostgreSQL integer id. */
export const rowIdSchema = z.number().int().positive().max(INT4_MAX);

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
