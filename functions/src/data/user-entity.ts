import { Entity } from 'electrodb';
import { companyPk, entityConfig, entityModel, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A company user. The e-mail is unique across the platform through the userEmail item written
 * in the same transaction; the password hash never leaves the data layer's callers.
 */
export const userEntity = new Entity(
  {
    model: entityModel('user'),
    attributes: {
      companyId: fixedNumber,
      id: fixedNumber,
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
      ...timestamps,
    },
    indexes: {
      byId: { pk: companyPk, sk: key('sk', ['id'], 'USER#${id}') },
    },
  },
  entityConfig,
);
