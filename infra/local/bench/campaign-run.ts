/**
 * Campaigns in the benchmark (issue #16): an .xlsx contact list imported through the API (its
 * time), then a campaign to every row with intervals of 0 through the sandbox (recipients per
 * second, each sent once, and the agents' reply p99 while it runs), then a small campaign with
 * real intervals whose planned and actual send times are compared. The sandbox's outbox and the
 * shipping entries are read straight from the table.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import type { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import type { OperationResult } from './load.ts';
import { seedClient } from './seed.ts';
import { phaseNumber } from './numbers.ts';
import {
  formatDuration,
  markdownTable,
  rounded,
  summarize,
  textTable,
  type LatencySummary,
} from './stats.ts';

/** The pacing phase's settings: the smallest non-zero options of extended §9 (through the API). */
const pacingSettings = { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 5 };
const pacingRecipients = 12;

export interface CampaignBenchResult {
  importRows: number;
  /** Upload until the list's import says done (all rows written). */
  importSeconds: number;
  recipients: number;
  /** First to last recipient in the sandbox's outbox. */
  sendSeconds: number;
  recipientsPerSecond: number;
  sentOnce: number;
  missing: number;
  duplicated: number;
  /** The agents' replies (POST /messages) while the campaign runs, and before it (the bench's reply row). */
  replyDuring?: { p50: number; p99: number; requestsPerSecond: number; non2xx: number };
  replyWithout?: { p50: number; p99: number; requestsPerSecond: number };
  /** The report's recipients list of the campaign without waits (issue #29); absent in older results. */
  recipientsList?: RecipientsListResult;
  pacing: {
    settings: typeof pacingSettings;
    recipients: number;
    /** Per consecutive pair: the planned wait, the claims' and the outbox's actual gaps (s). */
    gaps: {
      position: number;
      plannedSeconds: number;
      claimSeconds: number;
      outboxSeconds: number;
      minimumSeconds: number;
    }[];
    /** Pairs whose claims came closer than planned, and whose outbox gap was under the settings' minimum. */
    claimsEarly: number;
    outboxUnderMinimum: number;
    lateness: LatencySummary;
  };
}

type Documents = DynamoDBDocumentClient;

/**
 * Pairs whose outbox gap was under the settings' minimum. A minimum of 0 s has none to break: two
 * sends planned for the same instant may reach the outbox in either order (a gap of -0.01 s), and
 * only a pair whose gap could not be measured counts then.
 */
export function gapsUnderMinimum(gaps: readonly { outboxSeconds: number; minimumSeconds: number }[]): number {
  return gaps.filter((gap) =>
    Number.isFinite(gap.outboxSeconds) ? gap.minimumSeconds > 0 && gap.outboxSeconds < gap.minimumSeconds : true,
  ).length;
}

export interface RecipientsListResult {
  /** Median of 5 calls each (ms): page 1 of all, page 1 of one state, and the deepest page shown. */
  firstPageMs: number;
  statePageMs: number;
  deepPage: number;
  deepPageMs: number;
  /** The CSV of every recipient: its time and lines (header included). */
  exportMs: number;
  exportLines: number;
}

/** GET /campaigns/{id}/recipients (pages read the pages before them: AP-CA-24) and its export, timed. */
async function measureRecipientsList(
  admin: ApiClient,
  url: string,
  campaignId: number,
  count: number,
): Promise<RecipientsListResult> {
  const median = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      const answer = await admin.get(path);
      if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
      times.push(performance.now() - start);
    }
    return rounded(times.sort((a, b) => a - b)[2]!);
  };
  const deepPage = Math.max(1, Math.min(500, Math.ceil(count / 20)));
  const base = `/campaigns/${campaignId}/recipients`;
  const firstPageMs = await median(base);
  const statePageMs = await median(`${base}?state=delivered`);
  const deepPageMs = await median(`${base}?pageNumber=${deepPage}`);
  const start = performance.now();
  const exported = await fetch(`${url}/api${base}/export`, {
    headers: { authorization: `Bearer ${admin.token!}` },
  });
  const text = await exported.text();
  if (exported.status !== 200) throw new Error(`${base}/export: HTTP ${exported.status}`);
  return {
    firstPageMs,
    statePageMs,
    deepPage,
    deepPageMs,
    exportMs: rounded(performance.now() - start),
    exportLines: text.trimEnd().split('\n').length,
  };
}

async function query(documents: Documents, tableName: string, pk: string, prefix: string) {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

async function xlsxOf(rows: { name: string; number: string; email: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contactos');
  sheet.addRow(['Nome', 'Número', 'Email']);
  for (const row of rows) sheet.addRow([row.name, row.number, row.email]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Imports `count` rows as an .xlsx into a new list; answers the list id and the seconds until done. */
export async function importList(
  admin: ApiClient,
  url: string,
  rows: { name: string; number: string; email: string }[],
  label: string,
  onProgress?: (line: string) => void,
): Promise<{ listId: number; seconds: number }> {
  const list = await admin.post<{ id: number }>('/contact-lists', { name: label });
  if (list.status !== 201) throw new Error(`contact list: HTTP ${list.status} ${JSON.stringify(list.body)}`);
  const file = await xlsxOf(rows);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file)], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'lista.xlsx',
  );
  const start = performance.now();
  const upload = await fetch(`${url}/api/contact-lists/${list.body.id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token!}` },
    body: form,
  });
  if (upload.status >= 300) throw new Error(`upload: HTTP ${upload.status} ${await upload.text()}`);
  for (;;) {
    const now = await admin.get<{ import: { status: string; done: number; total: number } | null }>(
      `/contact-lists/${list.body.id}`,
    );
    const progress = now.body.import;
    if (progress?.status === 'done') break;
    if (progress?.status === 'failed') throw new Error('the import failed');
    onProgress?.(`campaigns: importing the .xlsx, ${progress?.done ?? 0}/${rows.length} rows written`);
    await sleep(500);
  }
  return { listId: list.body.id, seconds: (performance.now() - start) / 1000 };
}

/**
 * The list's items marked valid on WhatsApp straight in the table: the paced check (one number
 * every 400 ms per connection, as it must be for a real phone) would take over an hour for 10,000,
 * and is the contact-list module's, not what this measures.
 */
export async function markValid(documents: Documents, tableName: string, companyId: number, listId: number) {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': `C#${companyId}#CLISTID#${listId}` },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  for (let i = 0; i < items.length; i += 25) {
    await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName]: items
            .slice(i, i + 25)
            .map((item) => ({ PutRequest: { Item: { ...item, isWhatsappValid: true } } })),
        },
      }),
    );
  }
  return items.length;
}

async function runCampaign(
  admin: ApiClient,
  body: Record<string, unknown>,
  expected: number,
  onProgress?: (line: string) => void,
  whileRunning?: () => Promise<void>,
): Promise<{ id: number }> {
  const created = await admin.post<{ id: number }>('/campaigns', {
    scheduledAt: new Date(Date.now() + 1000).toISOString(),
    ...body,
  });
  if (created.status !== 201)
    throw new Error(`campaign: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  let during: Promise<void> | undefined;
  let lastChange = Date.now();
  let lastDeliveries = -1;
  for (;;) {
    const now = await admin.get<{ status: string; report: { deliveries: number } }>(
      `/campaigns/${created.body.id}`,
    );
    // On a loaded machine a campaign of 1,000 outlasts the 15-minute access token: refresh it
    // (the same session) and ask again; any other answer is the phase's error, with its status.
    // An expired access token answers 403 ERR_SESSION_EXPIRED (the client refreshes on it).
    const expired = now.status === 403 && (now.body as { error?: string } | undefined)?.error === 'ERR_SESSION_EXPIRED';
    if (now.status === 401 || expired) {
      const refreshed = await admin.post<{ token: string }>('/auth/refresh_token');
      if (refreshed.status !== 200)
        throw new Error(`campaign ${created.body.id}: refreshing the token: HTTP ${refreshed.status}`);
      admin.token = refreshed.body.token;
      continue;
    }
    if (now.status !== 200)
      throw new Error(`campaign ${created.body.id}: HTTP ${now.status} ${JSON.stringify(now.body)}`);
    if (now.body.status === 'FINALIZADA') break;
    if (now.body.report.deliveries !== lastDeliveries) {
      lastDeliveries = now.body.report.deliveries;
      lastChange = Date.now();
    }
    if (Date.now() - lastChange > 180_000)
      throw new Error(`campaign ${created.body.id} stalled at ${lastDeliveries}/${expected}`);
    if (!during && whileRunning && lastDeliveries > 0) during = whileRunning();
    onProgress?.(`campaigns: ${lastDeliveries}/${expected} recipients delivered (${now.body.status})`);
    await sleep(1000);
  }
  await during;
  return created.body;
}

export async function runCampaignBench(options: {
  admin: ApiClient;
  url: string;
  dynamoEndpoint: string;
  tableName: string;
  companyId: number;
  whatsappId: number;
  count: number;
  /** The agents' reply load, run once while the campaign sends; and the reply row measured before. */
  replyLoad?: () => Promise<OperationResult>;
  replyWithout?: OperationResult;
  onProgress?(line: string): void;
}): Promise<CampaignBenchResult> {
  const { admin, count, companyId, whatsappId, tableName } = options;
  const tag = Date.now().toString(36).toUpperCase();
  const documents = DynamoDBDocumentClient.from(seedClient(options.dynamoEndpoint));
  try {
    // Numbers no seeded contact and no other phase has (numbers.ts).
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `Campaña ${i}`,
      number: phaseNumber('campaign', i),
      email: `c${i}@bench.test`,
    }));
    const imported = await importList(admin, options.url, rows, `Bench ${tag}`, options.onProgress);
    options.onProgress?.(
      `campaigns: imported ${count} rows in ${formatDuration(imported.seconds)}; marking them valid`,
    );
    await markValid(documents, tableName, companyId, imported.listId);

    const settings = await admin.post('/campaign-settings', {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [],
    });
    if (settings.status !== 200) throw new Error(`campaign settings: HTTP ${settings.status}`);
    let replyDuring: OperationResult | undefined;
    const bulk = await runCampaign(
      admin,
      { name: `Bench ${tag}`, whatsappId, contactListId: imported.listId, message1: `Bench ${tag} {nome}` },
      count,
      options.onProgress,
      options.replyLoad
        ? async () => {
            replyDuring = await options.replyLoad!();
          }
        : undefined,
    );
    // The outbox: until every recipient is there (or nothing new for a minute), then 5 s for duplicates.
    const prefix = `Bench ${tag} `;
    const outbox = async () =>
      (await query(documents, tableName, `C#${companyId}`, `SANDBOX#${whatsappId}#OUT#`)).filter((item) =>
        String(item.body).startsWith(prefix),
      );
    let sent = await outbox();
    let lastLength = -1;
    let changed = Date.now();
    while (new Set(sent.map((item) => item.body)).size < count && Date.now() - changed < 60_000) {
      await sleep(2000);
      sent = await outbox();
      if (sent.length !== lastLength) [lastLength, changed] = [sent.length, Date.now()];
      options.onProgress?.(`campaigns: ${sent.length}/${count} in the sandbox's outbox`);
    }
    await sleep(5000);
    sent = await outbox();
    const times = new Map<string, number>();
    for (const item of sent) times.set(String(item.body), (times.get(String(item.body)) ?? 0) + 1);
    const instants = sent.map((item) => Date.parse(String(item.sentAt))).sort((a, b) => a - b);
    options.onProgress?.("campaigns: the report's recipients list…");
    const recipientsList = await measureRecipientsList(admin, options.url, bulk.id, count);
    const sendSeconds = instants.length > 1 ? (instants.at(-1)! - instants[0]!) / 1000 : 0;

    // Pacing: a small campaign with real intervals, planned gaps against actual ones.
    options.onProgress?.('campaigns: the pacing campaign (real intervals)…');
    const small = await importList(
      admin,
      options.url,
      rows.slice(0, pacingRecipients).map((row) => ({ ...row, name: `Ritmo ${row.name}` })),
      `Ritmo ${tag}`,
    );
    await markValid(documents, tableName, companyId, small.listId);
    const paced = await admin.post('/campaign-settings', { ...pacingSettings, variables: [] });
    if (paced.status !== 200) throw new Error(`pacing settings: HTTP ${paced.status}`);
    const pacingCampaign = await runCampaign(
      admin,
      { name: `Ritmo ${tag}`, whatsappId, contactListId: small.listId, message1: `Ritmo ${tag} {numero}` },
      pacingRecipients,
      options.onProgress,
    );
    await admin.post('/campaign-settings', {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [],
    });
    const entries = (await query(documents, tableName, `C#${companyId}`, `CAMPSHIP#${pacingCampaign.id}#`))
      .map((item) => ({
        position: Number(item.position),
        number: String(item.number),
        gapAfter: Number(item.gapAfter ?? 0),
        deliveredAt: Date.parse(String(item.deliveredAt)),
      }))
      .sort((a, b) => a.position - b.position);
    let pacedOut: Record<string, unknown>[] = [];
    for (let tries = 0; tries < 30; tries += 1) {
      pacedOut = (await query(documents, tableName, `C#${companyId}`, `SANDBOX#${whatsappId}#OUT#`)).filter(
        (item) => String(item.body).startsWith(`Ritmo ${tag} `),
      );
      if (pacedOut.length >= pacingRecipients) break;
      await sleep(1000);
    }
    const outboxAt = new Map(
      pacedOut.map((item) => [String(item.body).split(' ').at(-1)!, Date.parse(String(item.sentAt))]),
    );
    const gaps = entries.slice(1).map((entry, index) => {
      const previous = entries[index]!;
      const previousOut = outboxAt.get(previous.number) ?? NaN;
      const out = outboxAt.get(entry.number) ?? NaN;
      return {
        position: entry.position,
        plannedSeconds: previous.gapAfter,
        claimSeconds: rounded((entry.deliveredAt - previous.deliveredAt) / 1000, 2),
        outboxSeconds: rounded((out - previousOut) / 1000, 2),
        minimumSeconds:
          entry.position % pacingSettings.longerIntervalAfter === 0 ? pacingSettings.greaterInterval : 0,
      };
    });
    const reply = (result: OperationResult) => ({
      p50: rounded(result.latency.p50),
      p99: rounded(result.latency.p99),
      requestsPerSecond: rounded(result.requestsPerSecond),
    });
    return {
      importRows: count,
      importSeconds: rounded(imported.seconds),
      recipients: count,
      sendSeconds: rounded(sendSeconds),
      recipientsPerSecond: rounded(sendSeconds > 0 ? times.size / sendSeconds : 0),
      sentOnce: [...times.values()].filter((n) => n === 1).length,
      missing: count - times.size,
      duplicated: [...times.values()].filter((n) => n > 1).length,
      ...(replyDuring
        ? { replyDuring: { ...reply(replyDuring), non2xx: replyDuring.non2xx + replyDuring.errors } }
        : {}),
      ...(options.replyWithout ? { replyWithout: reply(options.replyWithout) } : {}),
      recipientsList,
      pacing: {
        settings: pacingSettings,
        recipients: entries.length,
        gaps,
        claimsEarly: gaps.filter((gap) => gap.claimSeconds < gap.plannedSeconds).length,
        outboxUnderMinimum: gapsUnderMinimum(gaps),
        lateness: summarize(gaps.map((gap) => gap.claimSeconds - gap.plannedSeconds)),
      },
    };
  } finally {
    documents.destroy();
  }
}

const header = [
  'recipients',
  'delivered/s',
  'sent once',
  'missing',
  'duplicated',
  'reply p99 without',
  'reply p99 during',
  '.xlsx import',
];
const pacingHeader = [
  'recipients',
  'settings (s)',
  'claims earlier than planned',
  'outbox gap under minimum',
  'claim lateness p50 / max',
];

function rows(result: CampaignBenchResult): string[][] {
  const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)} ms`);
  return [
    [
      String(result.recipients),
      result.recipientsPerSecond.toFixed(1),
      String(result.sentOnce),
      String(result.missing),
      String(result.duplicated),
      ms(result.replyWithout?.p99),
      `${ms(result.replyDuring?.p99)}${result.replyDuring?.non2xx ? ` (${result.replyDuring.non2xx} failed)` : ''}`,
      `${result.importRows} rows in ${formatDuration(result.importSeconds)}`,
    ],
  ];
}

const recipientsHeader = ['page 1', 'page 1 of one state', 'deepest page', 'CSV of all'];

function recipientsRows(list: RecipientsListResult): string[][] {
  return [
    [
      `${list.firstPageMs.toFixed(0)} ms`,
      `${list.statePageMs.toFixed(0)} ms`,
      `page ${list.deepPage}: ${list.deepPageMs.toFixed(0)} ms`,
      `${list.exportLines - 1} rows in ${list.exportMs.toFixed(0)} ms`,
    ],
  ];
}

function pacingRows(result: CampaignBenchResult): string[][] {
  const p = result.pacing;
  return [
    [
      String(p.recipients),
      `interval ≤ ${p.settings.messageInterval}, +${p.settings.greaterInterval} after every ${p.settings.longerIntervalAfter}`,
      String(p.claimsEarly),
      String(p.outboxUnderMinimum),
      `${p.lateness.p50.toFixed(2)} s / ${p.lateness.max.toFixed(2)} s`,
    ],
  ];
}

function gapLines(result: CampaignBenchResult): string {
  return result.pacing.gaps
    .map(
      (gap) =>
        `#${gap.position}: planned ${gap.plannedSeconds} s, claims ${gap.claimSeconds} s, outbox ${gap.outboxSeconds} s (minimum ${gap.minimumSeconds} s)`,
    )
    .join('\n');
}

export function campaignBenchText(result: CampaignBenchResult): string {
  return (
    `\nCampaign without waits (the sandbox's outbox)\n${textTable(header, rows(result))}` +
    (result.recipientsList
      ? `\nCampaign report: recipients list (median of 5)\n${textTable(recipientsHeader, recipientsRows(result.recipientsList))}`
      : '') +
    `\nCampaign pacing (planned gap vs the claims' and the outbox's)\n${textTable(pacingHeader, pacingRows(result))}\n${gapLines(result)}`
  );
}

export function campaignBenchMarkdown(result: CampaignBenchResult): string {
  return (
    `**Campaign without waits** (the sandbox's outbox)\n\n${markdownTable(header, rows(result))}\n\n` +
    (result.recipientsList
      ? `**Campaign report: recipients list** (median of 5)\n\n${markdownTable(recipientsHeader, recipientsRows(result.recipientsList))}\n\n`
      : '') +
    `**Campaign pacing** (planned gap vs actual)\n\n${markdownTable(pacingHeader, pacingRows(result))}\n`
  );
}
