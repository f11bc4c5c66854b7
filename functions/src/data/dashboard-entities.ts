import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One calendar day of a company's dashboard, in the company's time zone (docs/metrics.md). The
 * company figures below are declared; each agent's figures (`u<userId>_<metric>`) and the hour
 * slots (`h00`..`h23`) are flat attributes of the same item, added with ADD by the aggregator,
 * so a period of N days is N items whatever the number of agents. Read raw (ElectroDB would
 * drop the undeclared attributes): data/dashboard-aggregates.ts.
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
