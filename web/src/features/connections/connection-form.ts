import type * as z from 'zod';
import { connectionDefaults, silenceMinutesDefault } from '@atende/shared/constants';
import { whatsappCreateInputSchema, whatsappUpdateInputSchema } from '@atende/shared/entities/whatsapp';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { errorText } from '../../i18n/index.ts';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { Whatsapp, WhatsappPayload } from './api/types.ts';

/** The edit modal's fields as the inputs hold them (numbers as typed; '' is "none"). */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  provider: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  timeToTransfer: string;
  transferQueueId: string;
  /** Connection health's silence watch, in minutes ('' reads as the default; 0 turns it off). */
  silenceMinutes: string;
  token: string;
  queueIds: number[];
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
    silenceMinutes: String(silenceMinutesDefault),
    token: '',
    queueIds: [],
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
    silenceMinutes: String(whatsapp.silenceMinutes),
    token: whatsapp.token ?? '',
    queueIds: [...whatsapp.queueIds],
    ...(whatsapp.integrationId !== undefined
      ? { integrationId: whatsapp.integrationId ? String(whatsapp.integrationId) : '' }
      : {}),
    promptId: whatsapp.promptId ? String(whatsapp.promptId) : '',
  };
}

/** Whole minutes or counts; the schema's own (English) number texts are not shown. */
const numberFields = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer', 'silenceMinutes'] as const;

/**
 * Checks the modal's values with the shared schemas (core §5 Connection: name 2 to 50 and
 * required, with the spec's texts) and returns the body for POST /whatsapp or PUT /whatsapp/{id}.
 * A connection with more than one queue needs a greeting (core §8 ERR_WAPP_GREETING_REQUIRED),
 * checked here too so the field is marked before the server refuses it.
 */
export function checkConnectionForm(
  values: ConnectionFormValues,
  editing: boolean,
): FormCheck<WhatsappPayload> {
  const input = {
    ...values,
    expiresTicket: values.expiresTicket.trim() || '0',
    timeUseBotQueues: values.timeUseBotQueues.trim() || '0',
    maxUseBotQueues: values.maxUseBotQueues.trim() || String(connectionDefaults.maxUseBotQueues),
    timeToTransfer: values.timeToTransfer.trim() === '' ? null : values.timeToTransfer.trim(),
    transferQueueId: values.transferQueueId === '' ? null : values.transferQueueId,
    silenceMinutes: values.silenceMinutes.trim() || String(silenceMinutesDefault),
  };
  const schema = (editing ? whatsappUpdateInputSchema : whatsappCreateInputSchema) as z.ZodType<
    z.output<typeof whatsappCreateInputSchema>
  >;
  const checked = validateForm(schema, input);
  const errors = checked.ok ? {} : { ...checked.errors };
  for (const field of numberFields) if (errors[field]) errors[field] = msg.invalidValue;
  if (values.queueIds.length > 1 && values.greetingMessage.trim() === '') {
    errors.greetingMessage ??= errorText('ERR_WAPP_GREETING_REQUIRED') ?? msg.required;
  }
  if (!checked.ok || Object.values(errors).some(Boolean)) return { ok: false, errors };
  const data = checked.data;
  return {
    ok: true,
    data: {
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
      silenceMinutes: data.silenceMinutes,
      // The token is the server's to make: a save never sends it (a new one is asked for apart).
      queueIds: data.queueIds,
      // Only a modal that shows the integration select (plan flag useIntegrations) sends it.
      ...(values.integrationId === undefined
        ? {}
        : { integrationId: values.integrationId ? Number(values.integrationId) : null }),
      ...(values.promptId === undefined ? {} : { promptId: values.promptId ? Number(values.promptId) : null }),
    },
  };
}
