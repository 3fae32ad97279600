import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
  /** `memory` without REDIS_URL, or while Redis is unavailable. */
  rate_limits: z.enum(['redis', 'memory']),
});
export type Health = z.infer<typeof healthSchema>;
