/** The agents' message routes' inputs (handler.ts), shared with their service's types. */
import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { quotedMessageInputSchema } from '@atende/shared/entities/message';
import { validationMessages as msg } from '@atende/shared/validation-messages';

export const ticketPath = z.object({ ticketId: z.coerce.number().int().positive() });
export const messagePath = z.object({ messageId: z.string().min(1).max(128) });

/** A file as the multipart parser hands it over. */
export const uploadedFile = z.object({
  filename: z.string().max(limits.fileNameMax, msg.tooLong).default(''),
  mimetype: z.string().min(1).max(limits.mimeTypeMax, msg.tooLong),
  content: z.instanceof(Buffer),
});
/** POST /messages/{ticketId}: JSON `{ body, quotedMsg, mediaUrl }`, or multipart with `medias` (one file) and an optional `body` caption. */
export const replyBodySchema = z.object({
  body: z.string().max(limits.messageBodyMax, msg.tooLong).default(''),
  quotedMsg: quotedMessageInputSchema,
  // A quick reply chosen in the input: its file goes with the text as caption (core §3 mediaPath).
  quickMessageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  // core §7: a file the server fetches (media-url.ts); '' or null for none.
  mediaUrl: z.string().trim().max(2048, msg.tooLong).nullable().optional(),
  medias: z
    .union([
      uploadedFile,
      z
        .array(uploadedFile)
        .length(1)
        .transform((files) => files[0]!),
    ])
    .optional(),
});
