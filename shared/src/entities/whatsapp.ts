/** WhatsApp connection (core §3, §4) and the /whatsapp and /whatsappsession routes. */
import * as z from 'zod';
import {
  connectionDefaults,
  connectionStatuses,
  connectionStatusesNeedingAttention,
  limits,
} from '../constants.ts';
import {
  booleanParamSchema,
  idParamSchema,
  idSchema,
  nameField,
  nullableIdSchema,
  optionalTextSchema,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { disconnectReasonSchema, silenceMinutesDefault, silenceMinutesSchema } from './connection-health.ts';

/** The product also writes "connected" in lower case; it is the same status. */
export const connectionStatusSchema = z.preprocess(
  (value) => (value === 'connected' ? 'CONNECTED' : value),
  z.enum(connectionStatuses),
);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const whatsappSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: connectionStatusSchema,
  isDefault: z.boolean(),
  qrcode: z.string().nullable().optional(),
  retries: z.number().int().nonnegative().default(0),
  greetingMessage: z.string().nullable().optional(),
  complationMessage: z.string().nullable().optional(),
  outOfHoursMessage: z.string().nullable().optional(),
  ratingMessage: z.string().nullable().optional(),
  expiresInactiveMessage: z.string().nullable().optional(),
  /** Only returned to admins; the external API authenticates with it. */
  token: z.string().nullable().optional(),
  provider: z.string().default(connectionDefaults.provider),
  expiresTicket: z.number().int().nonnegative().default(connectionDefaults.expiresTicket),
  timeUseBotQueues: z.number().int().nonnegative().default(connectionDefaults.timeUseBotQueues),
  maxUseBotQueues: z.number().int().nonnegative().default(connectionDefaults.maxUseBotQueues),
  timeToTransfer: z.number().int().nonnegative().nullable().optional(),
  transferQueueId: idSchema.nullable().optional(),
  promptId: idSchema.nullable().optional(),
  integrationId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  queues: z.array(z.object({ id: idSchema, name: z.string(), color: z.string() })).default([]),
  updatedAt: z.string(),
  createdAt: z.string().optional(),
  /** Connection health (issue #30): the last disconnect and the silence watch's minutes. */
  lastDisconnectAt: z.string().nullable().optional(),
  lastDisconnectReason: disconnectReasonSchema.nullable().optional(),
  silenceMinutes: z.number().int().nonnegative().default(silenceMinutesDefault),
});
export type Whatsapp = z.infer<typeof whatsappSchema>;

/** Whole minutes or counts: anything else is 'Valor no válido' (the connection dialog shows it as is). */
const minutesSchema = z.coerce
  .number({ error: msg.invalidValue })
  .int(msg.invalidValue)
  .nonnegative(msg.invalidValue);

/** POST /whatsapp. */
export const whatsappCreateInputSchema = z.object({
  name: nameField(),
  isDefault: booleanParamSchema.default(false),
  greetingMessage: optionalTextSchema,
  complationMessage: optionalTextSchema,
  outOfHoursMessage: optionalTextSchema,
  ratingMessage: optionalTextSchema,
  expiresInactiveMessage: optionalTextSchema,
  token: optionalTextSchema,
  provider: z.string().max(limits.shortTextMax, msg.tooLong).default(connectionDefaults.provider),
  expiresTicket: minutesSchema.default(connectionDefaults.expiresTicket),
  timeUseBotQueues: minutesSchema.default(connectionDefaults.timeUseBotQueues),
  maxUseBotQueues: minutesSchema.default(connectionDefaults.maxUseBotQueues),
  timeToTransfer: minutesSchema.nullable().optional(),
  transferQueueId: nullableIdSchema.optional(),
  promptId: nullableIdSchema.optional(),
  integrationId: nullableIdSchema.optional(),
  queueIds: z.array(idParamSchema).max(limits.idListMax, msg.invalidValue).default([]),
  silenceMinutes: silenceMinutesSchema.default(silenceMinutesDefault),
});
export type WhatsappCreateInput = z.infer<typeof whatsappCreateInputSchema>;

/** PUT /whatsapp/{id}: any subset, without the create defaults. */
export const whatsappUpdateInputSchema = z.object({
  name: nameField().optional(),
  isDefault: booleanParamSchema.optional(),
  greetingMessage: optionalTextSchema.optional(),
  complationMessage: optionalTextSchema.optional(),
  outOfHoursMessage: optionalTextSchema.optional(),
  ratingMessage: optionalTextSchema.optional(),
  expiresInactiveMessage: optionalTextSchema.optional(),
  token: optionalTextSchema.optional(),
  provider: z.string().max(limits.shortTextMax, msg.tooLong).optional(),
  expiresTicket: minutesSchema.optional(),
  timeUseBotQueues: minutesSchema.optional(),
  maxUseBotQueues: minutesSchema.optional(),
  timeToTransfer: minutesSchema.nullable().optional(),
  transferQueueId: nullableIdSchema.optional(),
  promptId: nullableIdSchema.optional(),
  integrationId: nullableIdSchema.optional(),
  queueIds: z.array(idParamSchema).max(limits.idListMax, msg.invalidValue).optional(),
  silenceMinutes: silenceMinutesSchema.optional(),
});
export type WhatsappUpdateInput = z.infer<typeof whatsappUpdateInputSchema>;

/** GET /whatsapp/ and /whatsapp/{id}: session=0 leaves the session blob out. */
export const whatsappListQuerySchema = z.object({
  session: z.coerce.number().int().min(0).max(1).optional(),
  companyId: idParamSchema.optional(),
});
export type WhatsappListQuery = z.infer<typeof whatsappListQuerySchema>;

/** Whether any connection should put the warning badge on the connections menu item. */
export function connectionsNeedAttention(connections: readonly { status: ConnectionStatus }[]): boolean {
  const watched: readonly ConnectionStatus[] = connectionStatusesNeedingAttention;
  return connections.some((connection) => watched.includes(connection.status));
}
