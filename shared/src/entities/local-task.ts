/** Local task item (core §3): kept only in browser storage; blank text is ignored. */
import * as z from 'zod';
import { requiredText } from '../fields.ts';

export const localTaskSchema = z.object({
  text: requiredText(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocalTask = z.infer<typeof localTaskSchema>;

/**
 * The stored list. Unreadable storage reads as empty, and a single bad item is dropped
 * rather than costing the whole list.
 */
export const localTaskListSchema = z
  .array(z.unknown())
  .catch([])
  .transform((items) =>
    items.flatMap((item) => {
      const task = localTaskSchema.safeParse(item);
      return task.success ? [task.data] : [];
    }),
  );
export type LocalTaskList = z.infer<typeof localTaskListSchema>;
