import { defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A platform-wide announcement (extended §2.7, §3), written by super users and read by every
 * company, so it lives in the platform partition like plans and help videos, not under a
 * company. Announcements are a small set (a super user's notices), so lists read the whole
 * `ANNOUNCEMENT#` range and filter, search and page in memory (docs/decisions.md, "Announcements").
 */
export const announcementEntity = defineEntity(
  'announcement',
  {
    id: fixedNumber,
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
    ...timestamps,
  },
  {
    byId: { pk: key('pk', [], 'PLATFORM'), sk: key('sk', ['id'], 'ANNOUNCEMENT#${id}') },
  },
);
