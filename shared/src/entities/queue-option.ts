/** Queue option (extended §3): the chatbot's nested option tree, /queue-options routes. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idParamSchema, idSchema, nullableIdSchema, optionalTextField, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export interface QueueOption {
  id: number;
  title: string;
  message: string;
  /** The order number the contact types to choose this option. */
  option: string;
  queueId: number;
  parentId: number | null;
  children?: QueueOption[];
}

export const queueOptionSchema: z.ZodType<QueueOption> = z.object({
  id: idSchema,
  title: z.string(),
  message: z.string(),
  option: z.string(),
  queueId: idSchema,
  parentId: idSchema.nullable(),
  get children() {
    return z.array(queueOptionSchema).optional();
  },
});

/** The option number may be typed as a number; it is stored as text ("1", "2"…); blank is Requerido. */
const optionNumberSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value),
  requiredText().max(limits.queueOptionNumberMax, msg.tooLong),
);

/** POST /queue-options. */
export const queueOptionCreateInputSchema = z.object({
  title: requiredText().max(limits.queueOptionTitleMax, msg.tooLong),
  message: optionalTextField(limits.queueOptionMessageMax),
  option: optionNumberSchema,
  queueId: idParamSchema,
  parentId: nullableIdSchema.default(null),
});
export type QueueOptionCreateInput = z.infer<typeof queueOptionCreateInputSchema>;

/** PUT /queue-options/{id}. */
export const queueOptionUpdateInputSchema = queueOptionCreateInputSchema.omit({ queueId: true }).partial();
export type QueueOptionUpdateInput = z.infer<typeof queueOptionUpdateInputSchema>;

/** GET /queue-options: parentId -1 (or absent) asks for the root options. */
export const queueOptionListQuerySchema = z.object({
  queueId: idParamSchema,
  parentId: z.coerce
    .number()
    .int()
    .refine((parentId) => parentId === -1 || parentId > 0)
    .optional()
    .transform((parentId) => (parentId === undefined || parentId === -1 ? null : parentId)),
});
export type QueueOptionListQuery = z.infer<typeof queueOptionListQuerySchema>;
