import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One calendar day of a company's dashboard, in the company's time zone (docs/metrics.md): the
 * company's figures below, and the conversations started per hour slot (`h00`..`h23`, flat
 * attributes added with ADD by the aggregator). Small, whatever the number of agents: the
 * charts read one per day.
 */
export const dashboardDayEntity = new Entity(
  {
    model: { entity: 'dashboardDay', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
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
    indexes: {
      byDay: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#DASH', casing: exactCase },
        sk: { field: 'sk', composite: ['day'], template: 'DAY#${day}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * The company's and every agent's figures over a block of 1, 4, 16 or 64 days aligned on the
 * day number (domain/dashboard/blocks.ts): the day item's figures without the hour slots, and
 * each agent's as flat attributes `u<userId>_<metric>`, all added with ADD. A figure goes to the
 * four blocks containing its day, so any 90-day period is at most 15 blocks, read in one batch.
 * Day items and blocks are read raw (ElectroDB would drop the undeclared attributes).
 */
export const dashboardBlockEntity = new Entity(
  {
    model: { entity: 'dashboardBlock', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      size: { type: 'number', required: true, readOnly: true },
      /** The block's first day, yyyy-MM-dd. */
      start: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byBlock: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#DASH', casing: exactCase },
        sk: { field: 'sk', composite: ['size', 'start'], template: 'BLK#${size}#${start}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/** Tickets open and pending now, moved by every status change the stream reports. */
export const dashboardLiveEntity = new Entity(
  {
    model: { entity: 'dashboardLive', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      open: { type: 'number', default: 0 },
      pending: { type: 'number', default: 0 },
    },
    indexes: {
      byCompany: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#DASH', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'LIVE', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * How many tickets an open or pending list partition holds (domain/ticket-list-counts.ts), one
 * item per partition, kept by the dashboard aggregator with its other counters.
 */
export const ticketListCountEntity = new Entity(
  {
    model: { entity: 'ticketListCount', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      partition: { type: 'string', required: true, readOnly: true },
      count: { type: 'number', default: 0 },
    },
    indexes: {
      byPartition: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#TLCOUNT', casing: exactCase },
        sk: { field: 'sk', composite: ['partition'], template: '${partition}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * "This source event has been counted": written in the same transaction as its increments, only
 * if absent, so a stream batch delivered again counts nothing twice. Expires after two days
 * (a stream keeps records for 24 hours, so no retry comes later).
 */
export const dashboardAppliedEntity = new Entity(
  {
    model: { entity: 'dashboardApplied', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      /** `EV#<ticketId>#<at>#<seq>` (timeline), `TS#<stream event id>` (ticket status), `CT#<contactId>`. */
      source: { type: 'string', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      bySource: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#DASHDONE', casing: exactCase },
        sk: { field: 'sk', composite: ['source'], template: '${source}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * The first response of one conversation of a ticket (the ticket's per-conversation aggregate
 * state), in the ticket's partition next to its timeline. Created once, only if absent, in the
 * same transaction as the figures it adds: its existence is what makes it count once.
 * `conversation` is the timeline key of the close before the conversation, or FIRST.
 */
export const ticketFirstResponseEntity = new Entity(
  {
    model: { entity: 'ticketFirstResponse', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      ticketId: { type: 'number', required: true, readOnly: true },
      conversation: { type: 'string', required: true, readOnly: true },
      customerMessageId: { type: 'string', required: true },
      customerAt: { type: 'string', required: true },
      responseMessageId: { type: 'string', required: true },
      responseAt: { type: 'string', required: true },
      userId: { type: 'number', required: true },
    },
    indexes: {
      byConversation: {
        pk: { field: 'pk', composite: ['companyId', 'ticketId'], template: 'C#${companyId}#T#${ticketId}', casing: exactCase },
        sk: { field: 'sk', composite: ['conversation'], template: 'FRT#${conversation}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
