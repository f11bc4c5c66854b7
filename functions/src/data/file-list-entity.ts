import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A file list (extended §3): a name, a message and its options, each a named uploaded file.
 * The options live inside the list's own item, so a list and its options are always written
 * together in one conditional write: no reader sees half of a change. A list holds at most
 * limits.fileListOptionsMax options, far below the item size limit.
 *
 * `version` grows with every write; writes are conditioned on the version they read, so a PUT
 * and an upload that race never lose each other's option changes.
 */
export const fileListEntity = defineEntity(
  'fileList',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    message: { type: 'string', default: '' },
    /** Who created it or last saved it (the SPA sends userId with PUT). */
    userId: { type: 'number' },
    options: {
      type: 'list',
      default: () => [],
      items: {
        type: 'map',
        properties: {
          /** Unique within the list; never reused (see nextOptionId). */
          id: { type: 'number', required: true },
          name: { type: 'string', required: true },
          /** The uploaded file's object key in the media bucket, under the company's prefix. */
          mediaKey: { type: 'string' },
          /** The file's own name, as uploaded. */
          mediaName: { type: 'string' },
          /** The type decided from the file's bytes (domain/media-rules). */
          mediaMimetype: { type: 'string' },
        },
      },
    },
    /** The id the next new option gets. */
    nextOptionId: { type: 'number', default: 1 },
    version: { type: 'number', default: 1 },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'FILELIST#${id}') },
  },
);
