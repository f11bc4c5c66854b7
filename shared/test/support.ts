/** Test helpers: the validation messages a schema reports, by field path. */
import type * as z from 'zod';

export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}

/** The messages for one field ('' for the root). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  return issuesOf(schema, input)[path] ?? [];
}
