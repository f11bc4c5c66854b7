import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A quick reply (core §3, extended §3): private to its author, or shared with the company when
 * `geral`. A company's quick messages are a small, bounded set: lists read the whole
 * `QUICKMSG#` range of the company partition and filter by visibility and search in memory.
 */
export const quickMessageEntity = defineEntity(
  'quickMessage',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    shortcode: { type: 'string', required: true },
    message: { type: 'string', default: '' },
    geral: { type: 'boolean', default: false },
    status: { type: 'boolean', default: true },
    /** The author. */
    userId: fixedNumber,
    /** The attachment's object key in the media bucket, its file name and content type. */
    mediaKey: { type: 'string' },
    mediaName: { type: 'string' },
    mediaMimetype: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'QUICKMSG#${id}') },
  },
);
