import { z } from 'zod';
import { stageTypeSchema } from '../constants.ts';

export const salesStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Hex without '#'. */
  color: z.string(),
  type: stageTypeSchema,
  display_order: z.number().int(),
});
export type SalesStage = z.infer<typeof salesStageSchema>;
