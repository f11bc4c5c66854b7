/**
 * Paged list answers: the items under a route-specific key (tickets, contacts, records…)
 * plus hasMore, and count on some routes.
 */
import * as z from 'zod';

export function listPageSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  const items = { [key]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  return z
    .object({
      hasMore: z.boolean(),
      count: z.number().int().nonnegative().optional(),
    })
    .extend(items);
}
