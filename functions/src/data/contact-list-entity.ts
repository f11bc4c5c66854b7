import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A campaign contact list (extended §3): its name and the exact number of its items, which every
 * item write changes in the same transaction. It also carries the progress of its latest import,
 * so the screen follows an import through the list's own live events.
 * A company's lists are a small set: `GET /contact-lists` reads the `CLIST#` range and pages in memory.
 */
export const contactListEntity = defineEntity(
  'contactList',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    contactsCount: { type: 'number', default: 0 },
    /** The latest import: its id, state and counters (rows written so far out of the accepted). */
    importId: { type: 'string' },
    importStatus: { type: ['running', 'done', 'failed'] as const },
    importTotal: { type: 'number' },
    importDone: { type: 'number' },
    importCreated: { type: 'number' },
    importMerged: { type: 'number' },
    importRefused: { type: 'number' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'CLIST#${id}') },
  },
);
