import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A quick reply (core §3, extended §3): private to its author, or shared with the company when
 * `geral`. A company's quick messages are a small, bounded set: lists read the whole
 * `QUICKMSG#` range of the company partition and filter by visibility and search in memory.
 */
export const quickMessageEntity = new Entity(
  {
    model: { entity: 'quickMessage', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      shortcode: { type: 'string', required: true },
      message: { type: 'string', default: '' },
      geral: { type: 'boolean', default: false },
      status: { type: 'boolean', default: true },
      /** The author. */
      userId: { type: 'number', required: true, readOnly: true },
      /** The attachment's object key in the media bucket, its file name and content type. */
      mediaKey: { type: 'string' },
      mediaName: { type: 'string' },
      mediaMimetype: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'QUICKMSG#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
