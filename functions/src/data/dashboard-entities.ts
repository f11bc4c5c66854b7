import { defineEntity, fixedNumber, key } from './electro.ts';

/**
 * One calendar day of a company's dashboard, in the company's time zone (docs/metrics.md): the
 * company's figures below, and the conversations started per hour slot (`h00`..`h23`, flat
 * attributes added with ADD by the aggregator). Small, whatever the number of agents: the
 * charts read one per day.
 */
export const dashboardDayEntity = defineEntity(
  'dashboardDay',
  {
    companyId: fixedNumber,
    /** yyyy-MM-dd in the company's time zone. */
    day: { type: 'string', required: true, readOnly: true },
    st: { type: 'number' },
    fin: { type: 'number' },
    supS: { type: 'number' },
    supN: { type: 'number' },
    waitS: { type: 'number' },
    waitN: { type: 'number' },
    frtS: { type: 'number' },
    frtN: { type: 'number' },
    leads: { type: 'number' },
  },
  {
    byDay: { pk: key('pk', ['companyId'], 'C#${companyId}#DASH'), sk: key('sk', ['day'], 'DAY#${day}') },
  },
);

/**
 * The company's and every agent's figures over a block of 1, 4, 16 or 64 days aligned on the
 * day number (domain/dashboard/blocks.ts): the day item's figures without the hour slots, and
 * each agent's as flat attributes `u<userId>_<metric>`, all added with ADD. A figure goes to the
 * four blocks containing its day, so any 90-day period is at most 15 blocks, read in one batch.
 * Day items and blocks are read raw (ElectroDB would drop the undeclared attributes).
 */
export const dashboardBlockEntity = defineEntity(
  'dashboardBlock',
  {
    companyId: fixedNumber,
    size: fixedNumber,
    /** The block's first day, yyyy-MM-dd. */
    start: { type: 'string', required: true, readOnly: true },
  },
  {
    byBlock: {
      pk: key('pk', ['companyId'], 'C#${companyId}#DASH'),
      sk: key('sk', ['size', 'start'], 'BLK#${size}#${start}'),
    },
  },
);

/** Tickets open and pending now, moved by every status change the stream reports. */
export const dashboardLiveEntity = defineEntity(
  'dashboardLive',
  {
    companyId: fixedNumber,
    open: { type: 'number', default: 0 },
    pending: { type: 'number', default: 0 },
  },
  {
    byCompany: { pk: key('pk', ['companyId'], 'C#${companyId}#DASH'), sk: key('sk', [], 'LIVE') },
  },
);

/**
 * How many tickets an open or pending list partition holds (domain/ticket-list-counts.ts), one
 * item per partition, kept by the dashboard aggregator with its other counters.
 */
export const ticketListCountEntity = defineEntity(
  'ticketListCount',
  {
    companyId: fixedNumber,
    partition: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', default: 0 },
  },
  {
    byPartition: {
      pk: key('pk', ['companyId'], 'C#${companyId}#TLCOUNT'),
      sk: key('sk', ['partition'], '${partition}'),
    },
  },
);

/**
 * "This source event has been counted": written in the same transaction as its increments, only
 * if absent, so a stream batch delivered again counts nothing twice. Expires after two days
 * (a stream keeps records for 24 hours, so no retry comes later).
 */
export const dashboardAppliedEntity = defineEntity(
  'dashboardApplied',
  {
    companyId: fixedNumber,
    /** `EV#<ticketId>#<at>#<seq>` (timeline), `TS#<stream event id>` (ticket status), `CT#<contactId>`. */
    source: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true },
  },
  {
    bySource: {
      pk: key('pk', ['companyId'], 'C#${companyId}#DASHDONE'),
      sk: key('sk', ['source'], '${source}'),
    },
  },
);

/**
 * The first response of one conversation of a ticket (the ticket's per-conversation aggregate
 * state), in the ticket's partition next to its timeline. Created once, only if absent, in the
 * same transaction as the figures it adds: its existence is what makes it count once.
 * `conversation` is the timeline key of the close before the conversation, or FIRST.
 */
export const ticketFirstResponseEntity = defineEntity(
  'ticketFirstResponse',
  {
    companyId: fixedNumber,
    ticketId: fixedNumber,
    conversation: { type: 'string', required: true, readOnly: true },
    customerMessageId: { type: 'string', required: true },
    customerAt: { type: 'string', required: true },
    responseMessageId: { type: 'string', required: true },
    responseAt: { type: 'string', required: true },
    userId: { type: 'number', required: true },
  },
  {
    byConversation: {
      pk: key('pk', ['companyId', 'ticketId'], 'C#${companyId}#T#${ticketId}'),
      sk: key('sk', ['conversation'], 'FRT#${conversation}'),
    },
  },
);
