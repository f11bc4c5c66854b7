import { Entity } from 'electrodb';
import { companyPk, entityConfig, entityModel, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A WhatsApp connection. The connector writes its status, QR and retries; the REST module
 * everything else. `running` (gsi2, a platform index read only by the connector) is set while the
 * session should be kept alive. Its token is found through its claim (connection-token-entity.ts),
 * never through an index of its own: the token is no key anywhere.
 */
export const whatsappEntity = new Entity(
  {
    model: entityModel('whatsapp'),
    attributes: {
      companyId: fixedNumber,
      id: fixedNumber,
      name: { type: 'string', required: true },
      status: {
        type: ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING', 'CONNECTED'] as const,
        default: 'DISCONNECTED',
      },
      isDefault: { type: 'boolean', default: false },
      qrcode: { type: 'string' },
      retries: { type: 'number', default: 0 },
      provider: { type: ['beta', 'sandbox'] as const, default: 'beta' },
      token: { type: 'string', required: true },
      greetingMessage: { type: 'string' },
      complationMessage: { type: 'string' },
      outOfHoursMessage: { type: 'string' },
      ratingMessage: { type: 'string' },
      expiresInactiveMessage: { type: 'string' },
      expiresTicket: { type: 'number', default: 0 },
      timeUseBotQueues: { type: 'number', default: 0 },
      maxUseBotQueues: { type: 'number', default: 3 },
      timeToTransfer: { type: 'number' },
      transferQueueId: { type: 'number' },
      promptId: { type: 'number' },
      /** The queue integration that answers tickets without a queue (docs/decisions.md, "Queue integrations"). */
      integrationId: { type: 'number' },
      queueIds: { type: 'list', items: { type: 'number' }, default: () => [] },
      /** The paired phone's number, once connected. */
      number: { type: 'string' },
      running: { type: 'string' },
      /** Connection health (issue #30): written by the connector with a disconnect's status. */
      lastDisconnectAt: { type: 'string' },
      lastDisconnectReason: { type: 'string' },
      /** Minutes without inbound, inside opening hours, before a `silent` alert; 0 = off. */
      silenceMinutes: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: { pk: companyPk, sk: key('sk', ['id'], 'WAPP#${id}') },
      running: {
        index: 'gsi2',
        // Sparse: only connections whose `running` is set appear (the connector's work list).
        pk: key('gsi2pk', ['running'], 'WAPPS#${running}'),
        sk: key('gsi2sk', ['companyId', 'id'], 'C#${companyId}#W#${id}'),
      },
    },
  },
  entityConfig,
);
