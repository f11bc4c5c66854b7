/**
 * The connections routes' work (core §2 Connections, §7), one function per route: the handler
 * parses and answers, these check the rules, write and tell the connector.
 */
import type { WhatsappCreateInput, WhatsappUpdateInput } from '@atende/shared/entities/whatsapp';
import { nextId } from '#data/ids';
import {
  createWhatsapp,
  deleteWhatsapp,
  getWhatsapp,
  listWhatsapps,
  updateWhatsapp,
  type WhatsappChanges,
  type WhatsappRecord,
} from '#data/whatsapps';
import { foundOr } from '#domain/app-error';
import {
  assertGreetingWhenQueues,
  assertMayDelete,
  assertMayUnsetDefault,
  assertProvider,
  defaultAfterCreate,
} from '#domain/whatsapp-rules';
import { newConnectionToken, tokenAfterSave } from '#domain/connection-token';
import { companyContext } from '#http/company-context';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { assertBotReferencesExist } from '../references/bot-references.ts';

const sandboxEnabled = () => process.env.SANDBOX_ENABLED === 'true';

export async function whatsappOrFail(companyId: number, id: number): Promise<WhatsappRecord> {
  return foundOr(getWhatsapp(companyId, id), 'ERR_NO_WAPP_FOUND');
}

/** Optional texts: '' clears them. */
const textFields = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
] as const;

/**
 * POST /whatsapp: a connection within the plan's limit, with a token made here, the default if it
 * is the first (or asked to be); its session starts at once (its QR appears on every open screen).
 */
export async function addWhatsapp(companyId: number, input: WhatsappCreateInput): Promise<WhatsappRecord> {
  const provider = assertProvider(input.provider, sandboxEnabled());
  assertGreetingWhenQueues(input.queueIds, input.greetingMessage);
  const [{ company, plan }, existing] = await Promise.all([
    companyContext(companyId),
    // Consistent: a connection deleted a moment ago must not be taken for the default.
    listWhatsapps(companyId, { consistent: true }),
    assertBotReferencesExist(companyId, input),
  ]);
  const id = await nextId({ companyId }, 'whatsapp');
  const isDefault = defaultAfterCreate(input.isDefault, existing.length);
  await createWhatsapp(
    {
      companyId,
      id,
      name: input.name,
      provider,
      isDefault,
      status: 'OPENING',
      // Made here, whatever the body says (docs/decisions.md, "Connection tokens").
      token: newConnectionToken(),
      expiresTicket: input.expiresTicket,
      timeUseBotQueues: input.timeUseBotQueues,
      maxUseBotQueues: input.maxUseBotQueues,
      queueIds: input.queueIds,
      silenceMinutes: input.silenceMinutes,
      ...Object.fromEntries(textFields.filter((f) => input[f]).map((f) => [f, input[f]])),
      ...(input.timeToTransfer ? { timeToTransfer: input.timeToTransfer } : {}),
      ...(input.transferQueueId ? { transferQueueId: input.transferQueueId } : {}),
      ...(input.promptId ? { promptId: input.promptId } : {}),
      ...(input.integrationId ? { integrationId: input.integrationId } : {}),
    },
    {
      connectionLimit: plan?.connections ?? Number.MAX_SAFE_INTEGER,
      // The company's `defaultWhatsappId` comes from a per-container cache: only a connection
      // that still exists may lose the role (a deleted one would fail the transaction: 409).
      previousDefaultId:
        existing.find((w) => w.isDefault)?.id ?? existing.find((w) => w.id === company.defaultWhatsappId)?.id,
    },
  );
  // A new connection starts its session at once: its QR appears on every open screen.
  await sendConnectorCommand({ type: 'startSession', companyId, whatsappId: id });
  return whatsappOrFail(companyId, id);
}

/**
 * PUT /whatsapp/{id}: the fields given ('' clears a text or a reference); an empty token asks for a
 * new one; the default moves only to another connection.
 */
export async function changeWhatsapp(
  companyId: number,
  id: number,
  input: WhatsappUpdateInput,
): Promise<WhatsappRecord> {
  // Not found first (another company's id answers 404 whatever the body names).
  const current = await whatsappOrFail(companyId, id);
  await assertBotReferencesExist(companyId, input);
  assertMayUnsetDefault(current.isDefault ?? false, input.isDefault);
  const queueIds = input.queueIds ?? current.queueIds ?? [];
  const greeting = input.greetingMessage !== undefined ? input.greetingMessage : current.greetingMessage;
  assertGreetingWhenQueues(queueIds, greeting);
  const changes: WhatsappChanges = {};
  const clear: (
    'timeToTransfer' | 'transferQueueId' | 'promptId' | 'integrationId' | (typeof textFields)[number]
  )[] = [];
  if (input.name !== undefined) changes.name = input.name;
  if (input.provider !== undefined) changes.provider = assertProvider(input.provider, sandboxEnabled());
  if (input.isDefault) changes.isDefault = true;
  // An empty token asks for a new one; any other value is ignored (never chosen by a client).
  if (tokenAfterSave(input.token) === 'rotate') changes.token = newConnectionToken();
  for (const field of [
    'expiresTicket',
    'timeUseBotQueues',
    'maxUseBotQueues',
    'queueIds',
    'silenceMinutes',
  ] as const) {
    if (input[field] !== undefined) (changes as Record<string, unknown>)[field] = input[field];
  }
  for (const field of textFields) {
    if (input[field] === undefined) continue;
    if (input[field]) changes[field] = input[field];
    else clear.push(field);
  }
  for (const field of ['timeToTransfer', 'transferQueueId', 'promptId', 'integrationId'] as const) {
    if (input[field] === undefined) continue;
    if (input[field]) changes[field] = input[field] as number;
    else clear.push(field);
  }
  const previousDefaultId = (await listWhatsapps(companyId)).find((w) => w.isDefault)?.id;
  await updateWhatsapp(current, changes, { previousDefaultId, clear });
  return whatsappOrFail(companyId, id);
}

/** DELETE /whatsapp/{id}: never the default while others remain; the phone is logged out first. */
export async function removeWhatsapp(companyId: number, id: number): Promise<void> {
  const current = await whatsappOrFail(companyId, id);
  assertMayDelete(current.isDefault ?? false, (await listWhatsapps(companyId)).length);
  // Log the phone out first (commands of one connection run in order), then forget it.
  await sendConnectorCommand({ type: 'stopSession', companyId, whatsappId: current.id });
  await deleteWhatsapp(current);
}
