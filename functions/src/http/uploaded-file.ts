import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';

/** A file as the multipart parser hands it over, for a route that stores it as media (its type is required). */
export const uploadedFileSchema = z.object(
  {
    filename: z.string().max(limits.fileNameMax, msg.tooLong).default(''),
    mimetype: z.string().min(1).max(limits.mimeTypeMax, msg.tooLong),
    content: z.instanceof(Buffer),
  },
  { error: msg.required },
);

/** A file to import: its kind is read from its name and bytes, so the browser may send no type. */
export const importedFileSchema = z.object(
  {
    filename: z.string().max(limits.fileNameMax, msg.tooLong).default(''),
    mimetype: z.string().max(limits.mimeTypeMax, msg.tooLong).default(''),
    content: z.instanceof(Buffer),
  },
  { error: msg.required },
);

/** Exactly one file in a multipart field (the parser hands a repeated field over as a list). */
export function oneFile<File extends z.ZodType>(file: File) {
  return z.union(
    [
      file,
      z
        .array(file)
        .length(1)
        .transform((files) => files[0]!),
    ],
    { error: msg.required },
  );
}
