import { settingValue } from '@atende/shared/entities/setting';
import { languageOf } from '@atende/shared/language';
import { getCompany, type CompanyRecord } from '#data/companies';
import { listAllQueueOptions } from '#data/queue-options';
import { getQueuesByIds } from '#data/queues';
import { listSettings, type SettingRecord } from '#data/settings';
import type { TicketRecord } from '#data/tickets';
import { getWhatsapp, type WhatsappRecord } from '#data/whatsapps';
import { botStateOf, type AutomationContext, type BotData, type ScheduleType } from '#domain/chatbot/automation-plan';
import { botDrives, treeNeeded, type BotQueue } from '#domain/chatbot/menu-machine';
import type { ChatBotType } from '#domain/chatbot/menu-message';
import { timeZoneOf } from '#domain/day-range';
import { compareQueues } from '#domain/queue-rules';

/** What the automation reads about a connection and its company, once per message or change. */
export interface LoadedAutomation {
  context: AutomationContext;
  whatsapp: WhatsappRecord;
}

/** The settings the automation reads (the others do not change what it does). */
export const automationSettingKeys = [
  'scheduleType',
  'sendGreetingMessageOneQueues',
  'userRating',
  'sendGreetingAccepted',
  'sendMsgTransfTicket',
  'timezone',
  'chatBotType',
] as const;

/**
 * The connection, the company's settings and language and, when opening hours are on, the company's hours
 * and time zone (its `timezone` setting, else the company's field, else America/Sao_Paulo).
 * `known`: the caller has read them already (the ingest, with the chat's state in one call:
 * AP-IN-1), at least the `automationSettingKeys` of the settings; nothing more is read.
 */
export async function loadAutomationContext(
  companyId: number,
  whatsappId: number,
  known?: { whatsapp: WhatsappRecord | undefined; settings: SettingRecord[]; company: CompanyRecord | undefined },
): Promise<LoadedAutomation | undefined> {
  const [whatsapp, settings] = known ? [known.whatsapp, known.settings] : await Promise.all([getWhatsapp(companyId, whatsappId), listSettings(companyId)]);
  if (!whatsapp) return undefined;
  const scheduleType = settingValue(settings, 'scheduleType') as ScheduleType;
  const enabled = (key: 'sendGreetingMessageOneQueues' | 'userRating' | 'sendGreetingAccepted' | 'sendMsgTransfTicket') =>
    settingValue(settings, key) === 'enabled';
  // The company is read always: its language is the default texts' (docs/i18n.md).
  const company = known ? known.company : await getCompany(companyId);
  return {
    whatsapp,
    context: {
      settings: {
        scheduleType,
        sendGreetingMessageOneQueues: enabled('sendGreetingMessageOneQueues'),
        userRating: enabled('userRating'),
        sendGreetingAccepted: enabled('sendGreetingAccepted'),
        sendMsgTransfTicket: enabled('sendMsgTransfTicket'),
        chatBotType: settingValue(settings, 'chatBotType') as ChatBotType,
      },
      connection: whatsapp,
      companyHours: scheduleType === 'disabled' ? [] : (company?.schedules ?? []),
      language: languageOf(company?.language),
      timeZone: timeZoneOf(settings.find((s) => s.key === 'timezone')?.value, company?.timezone),
    },
  };
}

/**
 * The queues and the one option tree a customer message may need: the connection's queues in
 * menu order and the ticket's own queue (its hours), and the tree of the queue the step walks.
 * Nothing is read when the bot does not drive the ticket and queue hours are off.
 */
export async function loadBotData(ticket: TicketRecord, context: AutomationContext, text: string): Promise<BotData> {
  const menuIds = context.connection.queueIds ?? [];
  const state = botStateOf(ticket);
  const driving = botDrives(state, ticket.queueId, menuIds);
  const queueHours = context.settings.scheduleType === 'queue' && ticket.queueId !== undefined;
  if (ticket.status !== 'pending' || (!driving && !queueHours)) return { queues: [], options: () => [] };
  const records = await getQueuesByIds(ticket.companyId, [...menuIds, ...(ticket.queueId !== undefined ? [ticket.queueId] : [])]);
  const queues: BotQueue[] = records.sort(compareQueues).map((q) => ({
    id: q.id,
    name: q.name,
    greetingMessage: q.greetingMessage ?? null,
    outOfHoursMessage: q.outOfHoursMessage ?? null,
    schedules: q.schedules ?? [],
  }));
  const needed = driving
    ? treeNeeded({ state, ...(ticket.queueId !== undefined ? { queueId: ticket.queueId } : {}), text, queues: queues.filter((q) => menuIds.includes(q.id)) })
    : undefined;
  const tree =
    needed === undefined
      ? []
      : (await listAllQueueOptions(ticket.companyId, needed)).map((o) => ({
          id: o.id,
          parentId: o.parentId ?? null,
          title: o.title,
          message: o.message ?? '',
          option: o.option,
        }));
  const bots = new Map(
    records.map((q) => [
      q.id,
      { ...(q.promptId !== undefined ? { promptId: q.promptId } : {}), ...(q.integrationId !== undefined ? { integrationId: q.integrationId } : {}) },
    ]),
  );
  return { queues, options: (queueId) => (queueId === needed ? tree : []), queueBots: (queueId) => bots.get(queueId) };
}
