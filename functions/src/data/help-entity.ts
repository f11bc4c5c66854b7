import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/** A help video shown to every company (platform-level). */
export const helpEntity = new Entity(
  {
    model: { entity: 'help', version: '1', service: serviceName },
    attributes: {
      id: { type: 'number', required: true, readOnly: true },
      title: { type: 'string', required: true },
      video: { type: 'string' },
      description: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: [], template: 'PLATFORM', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'HELP#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
