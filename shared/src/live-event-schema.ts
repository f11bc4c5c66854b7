import * as z from 'zod';

/** The live envelope `{ event, data }` as a schema (live-events.ts reads frames without zod). */
export const liveEventSchema = z.object({
  event: z.string().min(1),
  data: z.unknown(),
});
