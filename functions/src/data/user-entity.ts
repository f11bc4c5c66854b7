import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A company user. The e-mail is unique across the platform through the userEmail item written
 * in the same transaction; the password hash never leaves the data layer's callers.
 */
export const userEntity = new Entity(
  {
    model: { entity: 'user', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      name: { type: 'string', required: true },
      email: { type: 'string', required: true },
      passwordHash: { type: 'string', required: true },
      profile: { type: ['admin', 'user', 'supervisor'] as const, required: true },
      isSuper: { type: 'boolean', default: false },
      allTicket: { type: ['enabled', 'desabled'] as const, default: 'desabled' },
      queueIds: { type: 'list', items: { type: 'number' }, default: () => [] },
      whatsappId: { type: 'number' },
      online: { type: 'boolean', default: false },
      lastSeenAt: { type: 'string' },
      /** The UI language the user chose (docs/i18n.md); absent: the browser's. */
      language: { type: ['es', 'pt-BR', 'en'] as const },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'USER#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
