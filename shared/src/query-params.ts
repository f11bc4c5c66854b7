/**
 * Query-string parameters shared by the list routes. Query values reach the backend as
 * strings (or string arrays when a key repeats), so every schema here coerces.
 */
import * as z from 'zod';
import { limits } from './constants.ts';
import { idParamSchema } from './fields.ts';
import { validationMessages as msg } from './validation-messages.ts';

/** 1-based page number; absent means the first page; at most limits.pageNumberMax. */
export const pageNumberSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(limits.pageNumberMax, msg.invalidValue)
  .default(1);

/** Free-text search; absent means no filter. Kept as typed; folding is the search's job. */
export const searchParamSchema = z.string().trim().max(limits.searchParamMax, msg.tooLong).default('');

/**
 * Splits the shapes an id list may arrive in: a JSON array string ('[1,2]'), a comma list
 * ('1,2'), a single value, repeated keys (['1', '2']) or a JSON array already parsed.
 * Anything unparseable is passed on unchanged so the array schema reports it.
 */
function splitIdList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  const parts = Array.isArray(value) ? value : [value];
  const flat: unknown[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') {
      flat.push(part);
      continue;
    }
    const text = part.trim();
    if (text === '') continue;
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return value;
        flat.push(...(parsed as unknown[]));
      } catch {
        return value;
      }
    } else {
      flat.push(
        ...text
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      );
    }
  }
  return flat;
}

/** A list of positive ids in any of the accepted wire shapes; duplicates are removed. */
export const idListParamSchema = z.preprocess(
  splitIdList,
  z
    .array(idParamSchema, { error: msg.invalidValue })
    .max(limits.queryIdListMax, msg.invalidValue)
    .transform((ids) => [...new Set(ids)]),
);

/** The usual `searchParam` + `pageNumber` query of paged lists. */
export const pagedSearchQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
});
export type PagedSearchQuery = z.infer<typeof pagedSearchQuerySchema>;
