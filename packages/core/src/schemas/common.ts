import { z } from 'zod';

/** The largest PostgreSQL integer: table ids never exceed it. */
export const INT4_MAX = 2_147_483_647;

export const idSchema = z.coerce.number().int().positive().max(INT4_MAX);

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
