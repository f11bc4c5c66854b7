import * as z from 'zod';
import { connectionDefaults, silenceMinutesDefault } from '@atende/shared/constants';
import { whatsappCreateInputSchema, whatsappUpdateInputSchema } from '@atende/shared/entities/whatsapp';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { errorText } from '../../i18n/index.ts';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { ConnectionSettings, Whatsapp, WhatsappPayload } from './api/types.ts';

/** The edit modal's fields as the inputs hold them (numbers as typed; '' is "none"). */
export interface ConnectionFormValues
  extends Pick<
    ConnectionSettings,
    | 'name'
    | 'isDefault'
    | 'provider'
    | 'greetingMessage'
    | 'complationMessage'
    | 'outOfHoursMessage'
    | 'ratingMessage'
    | 'expiresInactiveMessage'
    | 'queueIds'
  > {
  expiresTicket: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  timeToTransfer: string;
  transferQueueId: string;
  token: string;
  /** Connection health's silence watch, in minutes ('' reads as the default; 0 turns it off). */
  silenceMinutes: string;
  /** The queue integration for tickets without a queue, as the select holds it ('' none); absent: not shown. */
  integrationId?: string;
  /** The AI prompt for tickets without a queue, as the select holds it ('' none); absent: not sent. */
  promptId?: string;
}

export function emptyConnectionForm(): ConnectionFormValues {
  return {
    name: '',
    isDefault: false,
    provider: connectionDefaults.provider,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    expiresInactiveMessage: '',
    expiresTicket: String(connectionDefaults.expiresTicket),
    timeUseBotQueues: String(connectionDefaults.timeUseBotQueues),
    maxUseBotQueues: String(connectionDefaults.maxUseBotQueues),
    timeToTransfer: '',
    transferQueueId: '',
    token: '',
    queueIds: [],
    silenceMinutes: String(silenceMinutesDefault),
  };
}

export function connectionFormOf(whatsapp: Whatsapp): ConnectionFormValues {
  return {
    name: whatsapp.name,
    isDefault: whatsapp.isDefault,
    provider: whatsapp.provider || connectionDefaults.provider,
    greetingMessage: whatsapp.greetingMessage,
    complationMessage: whatsapp.complationMessage,
    outOfHoursMessage: whatsapp.outOfHoursMessage,
    ratingMessage: whatsapp.ratingMessage,
    expiresInactiveMessage: whatsapp.expiresInactiveMessage,
    expiresTicket: String(whatsapp.expiresTicket),
    timeUseBotQueues: String(whatsapp.timeUseBotQueues),
    maxUseBotQueues: String(whatsapp.maxUseBotQueues),
    timeToTransfer: whatsapp.timeToTransfer ? String(whatsapp.timeToTransfer) : '',
    transferQueueId: whatsapp.transferQueueId ? String(whatsapp.transferQueueId) : '',
    token: whatsapp.token ?? '',
    queueIds: [...whatsapp.queueIds],
    silenceMinutes: String(whatsapp.silenceMinutes),
    ...(whatsapp.integrationId !== undefined
      ? { integrationId: whatsapp.integrationId ? String(whatsapp.integrationId) : '' }
      : {}),
    promptId: whatsapp.promptId ? String(whatsapp.promptId) : '',
  };
}

/** The values as the route's schemas read them: an empty number is its default, '' is "none". */
function connectionFormInput(values: ConnectionFormValues, isFirst: boolean) {
  return {
    ...values,
    isDefault: values.isDefault || isFirst,
    expiresTicket: values.expiresTicket.trim() || '0',
    timeUseBotQueues: values.timeUseBotQueues.trim() || '0',
    maxUseBotQueues: values.maxUseBotQueues.trim() || String(connectionDefaults.maxUseBotQueues),
    timeToTransfer: values.timeToTransfer.trim() === '' ? null : values.timeToTransfer.trim(),
    transferQueueId: values.transferQueueId === '' ? null : values.transferQueueId,
    silenceMinutes: values.silenceMinutes.trim() || String(silenceMinutesDefault),
    // Shown only with their plan flags: absent, they are not sent.
    integrationId: values.integrationId === undefined ? undefined : values.integrationId || null,
    promptId: values.promptId === undefined ? undefined : values.promptId || null,
  };
}

/** The body for POST /whatsapp or PUT /whatsapp/{id}; the token is the server's to make, never sent. */
function connectionPayloadOf(data: z.output<typeof whatsappCreateInputSchema>): WhatsappPayload {
  return {
    name: data.name,
    isDefault: data.isDefault,
    provider: data.provider,
    greetingMessage: data.greetingMessage,
    complationMessage: data.complationMessage,
    outOfHoursMessage: data.outOfHoursMessage,
    ratingMessage: data.ratingMessage,
    expiresInactiveMessage: data.expiresInactiveMessage,
    expiresTicket: data.expiresTicket,
    timeUseBotQueues: data.timeUseBotQueues,
    maxUseBotQueues: data.maxUseBotQueues,
    timeToTransfer: data.timeToTransfer && data.timeToTransfer > 0 ? data.timeToTransfer : null,
    transferQueueId: data.transferQueueId ?? null,
    queueIds: data.queueIds,
    silenceMinutes: data.silenceMinutes,
    ...(data.integrationId === undefined ? {} : { integrationId: data.integrationId }),
    ...(data.promptId === undefined ? {} : { promptId: data.promptId }),
  };
}

/**
 * The modal's values checked with the route's schema (core §5 Connection: name 2 to 50 and
 * required, whole minutes 'Valor no válido'), giving the body for POST /whatsapp or PUT
 * /whatsapp/{id}. A connection with more than one queue needs a greeting (core §8
 * ERR_WAPP_GREETING_REQUIRED, the code's text under the field), so the field is marked before the
 * server refuses it. The company's first connection is its default whatever is chosen.
 */
export function connectionFormSchema(
  editing: boolean,
  isFirst = false,
): z.ZodType<WhatsappPayload, ConnectionFormValues> {
  const schema = (editing ? whatsappUpdateInputSchema : whatsappCreateInputSchema) as typeof whatsappCreateInputSchema;
  return z
    .preprocess((values) => connectionFormInput(values as ConnectionFormValues, isFirst), schema)
    .superRefine((data, context) => {
      if (data.queueIds.length > 1 && !data.greetingMessage?.trim()) {
        const message = errorText('ERR_WAPP_GREETING_REQUIRED') ?? msg.required;
        context.addIssue({ code: 'custom', path: ['greetingMessage'], message });
      }
    })
    .transform(connectionPayloadOf) as unknown as z.ZodType<WhatsappPayload, ConnectionFormValues>;
}

/** The connection form's check outside the dialog (the unit tests): the body, or the messages by field. */
export function checkConnectionForm(values: ConnectionFormValues, editing: boolean): FormCheck<WhatsappPayload> {
  return validateForm(connectionFormSchema(editing), values);
}
