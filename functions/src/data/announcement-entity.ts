import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A platform-wide announcement (extended §2.7, §3), written by super users and read by every
 * company, so it lives in the platform partition like plans and help videos, not under a
 * company. Announcements are a small set (a super user's notices), so lists read the whole
 * `ANNOUNCEMENT#` range and filter, search and page in memory (docs/decisions.md, "Announcements").
 */
export const announcementEntity = new Entity(
  {
    model: { entity: 'announcement', version: '1', service: serviceName },
    attributes: {
      id: { type: 'number', required: true, readOnly: true },
      title: { type: 'string', required: true },
      text: { type: 'string', required: true },
      /** 1 Alta, 2 Média, 3 Baixa. */
      priority: { type: 'number', required: true },
      /** Active announcements are the ones every user reads. */
      status: { type: 'boolean', required: true },
      /** The image's object key in the media bucket, its file name and content type. */
      mediaKey: { type: 'string' },
      mediaName: { type: 'string' },
      mediaMimetype: { type: 'string' },
      /** The super user who published it. */
      userId: { type: 'number' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: [], template: 'PLATFORM', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'ANNOUNCEMENT#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
