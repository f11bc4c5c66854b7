import { Entity } from 'electrodb';
import { connectionAlertKinds, connectionEventKinds, disconnectReasons } from '@atende/shared/entities/connection-health';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * Connection health (docs/decisions.md, "Connections that tell you"). All in the company's
 * partition, under prefixes that AP-WA-1 (`WAPP#`) never reads.
 */

/** An open alert: one item per connection and kind while the incident lasts (its `connectionAlert` live event). */
export const connectionAlertEntity = new Entity(
  {
    model: { entity: 'connectionAlert', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      whatsappId: { type: 'number', required: true, readOnly: true },
      kind: { type: [...connectionAlertKinds] as const, required: true, readOnly: true },
      name: { type: 'string', required: true },
      reason: { type: [...disconnectReasons] as const },
      openedAt: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byConnection: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['whatsappId', 'kind'], template: 'WALERT#${whatsappId}#${kind}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/** The claim of one admin's e-mail for one incident: put conditionally before sending, so it goes once. */
export const connectionAlertMailEntity = new Entity(
  {
    model: { entity: 'connectionAlertMail', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      whatsappId: { type: 'number', required: true, readOnly: true },
      kind: { type: 'string', required: true, readOnly: true },
      openedAt: { type: 'string', required: true, readOnly: true },
      userId: { type: 'number', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byIncident: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: {
          field: 'sk',
          composite: ['whatsappId', 'kind', 'openedAt', 'userId'],
          template: 'WAMAIL#${whatsappId}#${kind}#${openedAt}#${userId}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);

/** One event of a connection's history (connected, disconnected with its reason, QR required); kept 30 days. */
export const connectionEventEntity = new Entity(
  {
    model: { entity: 'connectionEvent', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      whatsappId: { type: 'number', required: true, readOnly: true },
      at: { type: 'string', required: true, readOnly: true },
      kind: { type: [...connectionEventKinds] as const, required: true },
      reason: { type: [...disconnectReasons] as const },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byConnection: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['whatsappId', 'at'], template: 'WHEALTH#${whatsappId}#EV#${at}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * One UTC day of a connection: messages in and out (ADD), the last inbound's time (the silence
 * watch) and the open silent alert's mark (so the inbound that ends it sees it in the same write).
 */
export const connectionDayEntity = new Entity(
  {
    model: { entity: 'connectionDay', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      whatsappId: { type: 'number', required: true, readOnly: true },
      /** yyyy-MM-dd (UTC). */
      day: { type: 'string', required: true, readOnly: true },
      in: { type: 'number' },
      out: { type: 'number' },
      lastInAt: { type: 'string' },
      silentAlert: { type: 'string' },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byConnection: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['whatsappId', 'day'], template: 'WHEALTH#${whatsappId}#DAY#${day}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
