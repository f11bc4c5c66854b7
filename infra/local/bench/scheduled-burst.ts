/**
 * "1,000 schedules due in the same minute": contacts and their scheduled messages made through
 * the API, due spread over one minute; then the sandbox's outbox is read straight from the table
 * (what the sandbox "delivered", with the instant it did) until every message is there, and a
 * little longer to see duplicates. Latency is each message's outbox instant minus its due time.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { phaseNumber } from './numbers.ts';
import { seedClient } from './seed.ts';
import { inLanes } from './setup.ts';
import {
  formatDuration,
  formatMs,
  markdownTable,
  rounded,
  summarize,
  textTable,
  type LatencySummary,
} from './stats.ts';

export interface ScheduledBurstResult {
  schedules: number;
  /** Seconds the API took to create the contacts and the schedules (lanes of 10). */
  createSeconds: number;
  /** Schedules created after their own due time (the lead was too short: their latency counts from creation). */
  createdLate: number;
  /** Seconds from due time to the sandbox's outbox. */
  latencySeconds: LatencySummary;
  sentOnce: number;
  missing: number;
  duplicated: number;
  /** Schedules whose record says ENVIADA at the end. */
  recordedSent: number;
  /** Epoch ms: the first schedule's due time, and the last first arrival in the outbox (the sending window). */
  firstDueAt: number;
  lastSentAt: number;
  /**
   * What the sending window (first due time → every message in the outbox) cost per sent
   * schedule: the differences of `sample()` taken at both ends (CPU seconds, counted calls).
   */
  perSchedule?: Record<string, number>;
  windowSeconds?: number;
}

const lanes = 10;
/** The least time allowed, after the contacts, to create the schedules before the first is due. */
const minimumLeadMs = 60_000;
const spreadMs = 60_000;

async function outboxItems(
  documents: DynamoDBDocumentClient,
  tableName: string,
  companyId: number,
  whatsappId: number,
) {
  const items: { body: string; sentAt: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':prefix': `SANDBOX#${whatsappId}#OUT#` },
        ProjectionExpression: 'body, sentAt',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      items.push({ body: String(item.body ?? ''), sentAt: String(item.sentAt) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function runScheduledBurst(options: {
  admin: ApiClient;
  dynamoEndpoint: string;
  tableName: string;
  companyId: number;
  whatsappId: number;
  count: number;
  onProgress?(line: string): void;
  /** Counters to difference over the sending window (CPU seconds of each process, calls so far). */
  sample?(): Promise<Record<string, number>>;
}): Promise<ScheduledBurstResult> {
  const { admin, count } = options;
  const tag = Date.now().toString(36).toUpperCase();
  const createStart = performance.now();
  const contactIds = await inLanes(
    Array.from({ length: count }, (_, i) => i),
    lanes,
    async (i) => {
      // Numbers no seeded contact and no other phase has (numbers.ts).
      const answer = await admin.post<{ id: number }>('/contacts', {
        name: `Agenda ${tag} ${i}`,
        number: phaseNumber('schedules', i),
      });
      if (answer.status !== 201)
        throw new Error(`contact ${i}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      if (i % 100 === 0) options.onProgress?.(`schedules: ${i}/${count} contacts`);
      return answer.body.id;
    },
  );
  // The minute starts far enough ahead for the creations (a schedule costs about what a contact
  // did, so as long again with a margin), rounded to a whole minute.
  const contactsMs = performance.now() - createStart;
  const firstDue = Math.ceil((Date.now() + Math.max(minimumLeadMs, 1.2 * contactsMs)) / 60_000) * 60_000;
  const dueOf = (i: number) => firstDue + Math.floor((i * spreadMs) / count);
  const bodyOf = (i: number) => `Programado ${tag} ${i}`;
  const createdAt = await inLanes(contactIds, lanes, async (contactId, i) => {
    const answer = await admin.post('/schedules', {
      body: bodyOf(i),
      contactId,
      sendAt: new Date(dueOf(i)).toISOString(),
    });
    if (answer.status !== 201)
      throw new Error(`schedule ${i}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    if (i % 100 === 0)
      options.onProgress?.(
        `schedules: ${i}/${count} scheduled, the first due in ${formatDuration(Math.max(0, firstDue - Date.now()) / 1000)}`,
      );
    return Date.now();
  });
  const createSeconds = (performance.now() - createStart) / 1000;
  const createdLate = createdAt.filter((at, i) => at > dueOf(i)).length;

  const documents = DynamoDBDocumentClient.from(seedClient(options.dynamoEndpoint));
  try {
    const index = new Map(Array.from({ length: count }, (_, i) => [bodyOf(i), i]));
    const seen = async () =>
      (await outboxItems(documents, options.tableName, options.companyId, options.whatsappId)).filter(
        (item) => index.has(item.body),
      );
    // Until all are in the outbox (or nothing new for 2 minutes once due), then 10 s more for duplicates.
    let found = await seen();
    let lastCount = -1;
    let lastChange = Date.now();
    let windowStart: { at: number; values: Record<string, number> } | undefined;
    const takeSample = async () =>
      options.sample ? { at: Date.now(), values: await options.sample() } : undefined;
    // The two idle minutes count from the first due time at the earliest: when the creations were
    // slow (a loaded machine), the lead may be longer than two minutes.
    while (
      new Set(found.map((item) => item.body)).size < count &&
      Date.now() - Math.max(lastChange, firstDue) < 120_000
    ) {
      // Before the first due time, wake at it (the window's first sample), else every 2 s.
      const untilDue = firstDue - Date.now();
      await new Promise((resolve) => setTimeout(resolve, untilDue > 0 ? Math.min(2_000, untilDue) : 2_000));
      if (!windowStart && Date.now() >= firstDue) windowStart = await takeSample();
      found = await seen();
      if (found.length !== lastCount) {
        lastCount = found.length;
        lastChange = Date.now();
      }
      const due = Math.max(0, Math.min(count, Math.ceil(((Date.now() - firstDue) * count) / spreadMs)));
      options.onProgress?.(`schedules: ${found.length}/${count} in the sandbox's outbox (${due} due)`);
    }
    const windowEnd = await takeSample();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    found = await seen();
    const firstOf = new Map<string, number>();
    const times = new Map<string, number>();
    for (const item of found) {
      times.set(item.body, (times.get(item.body) ?? 0) + 1);
      const at = Date.parse(item.sentAt);
      firstOf.set(item.body, Math.min(firstOf.get(item.body) ?? Infinity, at));
    }
    const latencies = [...firstOf].map(([body, at]) => {
      const i = index.get(body)!;
      return (at - Math.max(dueOf(i), createdAt[i]!)) / 1000;
    });
    let recordedSent = 0;
    for (let pageNumber = 1; ; pageNumber += 1) {
      const page = await admin.get<{ schedules: { body: string; status: string }[]; hasMore: boolean }>(
        `/schedules?pageNumber=${pageNumber}`,
      );
      recordedSent += page.body.schedules.filter((s) => index.has(s.body) && s.status === 'ENVIADA').length;
      if (!page.body.hasMore || pageNumber > 100) break;
    }
    const sent = Math.max(1, times.size);
    const window =
      windowStart && windowEnd
        ? {
            windowSeconds: rounded((windowEnd.at - windowStart.at) / 1000),
            perSchedule: Object.fromEntries(
              Object.entries(windowEnd.values)
                .map(([key, value]) => [key, (value - (windowStart.values[key] ?? 0)) / sent] as const)
                .filter(([, value]) => value > 0),
            ),
          }
        : {};
    return {
      schedules: count,
      createSeconds: rounded(createSeconds),
      createdLate,
      latencySeconds: summarize(latencies),
      sentOnce: [...times.values()].filter((n) => n === 1).length,
      missing: count - times.size,
      duplicated: [...times.values()].filter((n) => n > 1).length,
      recordedSent,
      firstDueAt: firstDue,
      lastSentAt: Math.max(firstDue, ...firstOf.values()),
      ...window,
    };
  } finally {
    documents.destroy();
  }
}

const header = [
  'schedules',
  'due in',
  'to outbox p50',
  'to outbox p99',
  'max',
  'sent once',
  'missing',
  'duplicated',
  'recorded ENVIADA',
  'created in',
];

function rows(result: ScheduledBurstResult): string[][] {
  const s = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} s` : '—');
  return [
    [
      String(result.schedules),
      'one minute',
      s(result.latencySeconds.p50),
      s(result.latencySeconds.p99),
      s(result.latencySeconds.max),
      String(result.sentOnce),
      String(result.missing),
      String(result.duplicated),
      String(result.recordedSent),
      `${formatMs(result.createSeconds * 1000)}${result.createdLate > 0 ? ` (${result.createdLate} created after due)` : ''}`,
    ],
  ];
}

export function scheduledBurstText(result: ScheduledBurstResult): string {
  return `\nScheduled messages (due time → the sandbox's outbox)\n${textTable(header, rows(result))}`;
}

export function scheduledBurstMarkdown(result: ScheduledBurstResult): string {
  return `**Scheduled messages** (due time → the sandbox's outbox)\n\n${markdownTable(header, rows(result))}\n`;
}
