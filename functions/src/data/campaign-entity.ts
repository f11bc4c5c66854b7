import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

const text = { type: 'string' } as const;

/**
 * A campaign (extended §3, §4): what it sends and to whom, and its dispatch state. The counters
 * (deliveries, confirmationRequests, confirmations) change in the same transaction as the
 * shipping entry they count, so the report is exact without reading the entries.
 */
export const campaignEntity = defineEntity(
  'campaign',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    status: {
      type: ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const,
      required: true,
    },
    confirmation: { type: 'boolean', default: false },
    contactListId: { type: 'number' },
    tagListId: { type: 'number' },
    whatsappId: { type: 'number' },
    fileListId: { type: 'number' },
    scheduledAt: text,
    completedAt: text,
    message1: text,
    message2: text,
    message3: text,
    message4: text,
    message5: text,
    confirmationMessage1: text,
    confirmationMessage2: text,
    confirmationMessage3: text,
    confirmationMessage4: text,
    confirmationMessage5: text,
    /** The attachment sent after the message: object key, file name, type, size. */
    mediaKey: text,
    mediaName: text,
    mediaMimetype: text,
    mediaSize: { type: 'number' },
    // ---- dispatch state (docs/decisions.md, "Campaigns")
    /** A new id at each start and restart: steps of an older run are ignored. */
    runId: text,
    /** The settings (intervals, variables) as JSON, fixed when the run starts. */
    settingsJson: text,
    /** Recipients written as shipping entries so far, and whether all are. */
    preparedCount: { type: 'number', default: 0 },
    prepared: { type: 'boolean', default: false },
    /** The contact list page cursor of the next preparation step. */
    prepareCursor: text,
    /** The next position to send; every position below it has been claimed. */
    cursor: { type: 'number', default: 0 },
    /** Not before this instant (ms) may the send at `cursor` go: the pacing gap. */
    nextDueAtMs: { type: 'number', default: 0 },
    /** The watchdog's fence: only the tick carrying this number runs. */
    tickSeq: { type: 'number', default: 0 },
    /**
     * The position of the last send step this run put on its queue: a send step arms the next
     * only by raising it, so a redelivered step can tell whether the next one is armed yet.
     */
    armedPosition: { type: 'number' },
    /**
     * Set when a fresh run starts: its shipping entries carry recipientState and rank, so the
     * report lists them through the recipients indexes (AP-CA-24). Absent on older campaigns.
     */
    recipientsIndexed: { type: 'boolean' },
    validContacts: { type: 'number', default: 0 },
    deliveries: { type: 'number', default: 0 },
    /** Sends the connector refused (recipients marked failed, AP-CA-26): the report's deliveries leave them out. */
    failures: { type: 'number' },
    confirmationRequests: { type: 'number', default: 0 },
    confirmations: { type: 'number', default: 0 },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'CAMPAIGN#${id}') },
  },
);

/**
 * One recipient of a campaign run, in send order (`position`). Its chosen message slot and the
 * wait after it are drawn once, when the entry is written, so a retried step sends the same
 * thing at the same pace. deliveredAt / confirmationRequestedAt / confirmedAt are set by the
 * conditional write that claims the send, before the connector is asked (exactly once).
 */
export const campaignShippingEntity = defineEntity(
  'campaignShipping',
  {
    companyId: fixedNumber,
    campaignId: fixedNumber,
    position: fixedNumber,
    listItemId: { type: 'number' },
    name: { type: 'string', default: '' },
    number: { type: 'string', required: true },
    email: { type: 'string', default: '' },
    slot: { type: 'number', required: true },
    /** Seconds to wait after this send before the next one. */
    gapAfter: { type: 'number', default: 0 },
    deliveredAt: text,
    confirmationRequestedAt: text,
    confirmedAt: text,
    ticketId: { type: 'number' },
    /**
     * The report's state (shared/entities/campaign-recipient), kept by every write that sets
     * the timestamps above, in the same write; with `rank` it places the entry in the
     * recipients indexes. Entries of runs started before it existed lack both (the report
     * reads those campaigns through byPosition: docs/decisions.md, "Campaign recipients").
     */
    recipientState: {
      type: ['pending', 'awaitingConfirmation', 'delivered', 'confirmed', 'notOnWhatsapp', 'failed'] as const,
    },
    /** State `failed`: when the connector's refusal was followed (AP-CA-26), and its reason code. */
    failedAt: text,
    failureReason: { type: ['sendRefused'] as const },
    /** The position again, zero-padded in the index keys so that they sort in send order. */
    rank: { type: 'number', padding: { length: 13, char: '0' } },
  },
  {
    byPosition: {
      pk: companyPk,
      sk: key('sk', ['campaignId', 'position'], 'CAMPSHIP#${campaignId}#${position}'),
    },
    /** AP-CA-24: a campaign's recipients of one state, in send order. */
    byRecipientState: {
      index: 'gsi1',
      pk: key(
        'gsi1pk',
        ['companyId', 'campaignId', 'recipientState'],
        'C#${companyId}#CAMPREC#${campaignId}#${recipientState}',
      ),
      sk: key('gsi1sk', ['rank'], 'R#${rank}'),
    },
    /** AP-CA-24: all of a campaign's recipients, in send order (the not-on-WhatsApp ones last). */
    byRecipientRank: {
      index: 'gsi2',
      pk: key('gsi2pk', ['companyId', 'campaignId'], 'C#${companyId}#CAMPREC#${campaignId}'),
      sk: key('gsi2sk', ['rank'], 'R#${rank}'),
    },
  },
);

/**
 * One campaign sends on a connection at a time: its holder renews this lease at every send;
 * another campaign waits until it is released or expires (conditional writes only).
 */
export const campaignLeaseEntity = defineEntity(
  'campaignLease',
  {
    companyId: fixedNumber,
    whatsappId: fixedNumber,
    campaignId: { type: 'number', required: true },
    expiresAtMs: { type: 'number', required: true },
  },
  {
    byConnection: { pk: companyPk, sk: key('sk', ['whatsappId'], 'CAMPLEASE#${whatsappId}') },
  },
);

/**
 * A confirmation request waiting for the customer's answer, by connection and number: the
 * inbound path looks it up (one read) and sends the real message (extended §2.3).
 */
export const campaignConfirmationEntity = defineEntity(
  'campaignConfirmation',
  {
    companyId: fixedNumber,
    whatsappId: fixedNumber,
    number: { type: 'string', required: true, readOnly: true },
    campaignId: { type: 'number', required: true },
    position: { type: 'number', required: true },
  },
  {
    byNumber: {
      pk: companyPk,
      sk: key('sk', ['whatsappId', 'number'], 'CAMPCONFIRM#${whatsappId}#${number}'),
    },
  },
);
