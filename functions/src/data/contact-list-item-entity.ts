import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * One recipient of a contact list (extended §3). Read by id on the company partition; a list's
 * items by name (the items screen, gsi1) or by id (the campaign dispatcher's stable order, gsi2).
 * `isWhatsappValid` is absent until a connected connection has checked the number.
 */
export const contactListItemEntity = defineEntity(
  'contactListItem',
  {
    companyId: fixedNumber,
    id: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
    contactListId: fixedNumber,
    name: { type: 'string', required: true },
    /** The name folded (no case, no accents): the items screen's order and search. */
    nameKey: { type: 'string', required: true },
    /** Digits only; unique within the list (contactListNumberEntity holds it). */
    number: { type: 'string', required: true },
    email: { type: 'string', default: '' },
    isWhatsappValid: { type: 'boolean' },
    checkedAt: { type: 'string' },
    /** The import that last wrote the item: its writes make no item events (the list's progress tells). */
    importId: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'CLITEM#${id}') },
    byListName: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId', 'contactListId'], 'C#${companyId}#CLIST#${contactListId}'),
      sk: key('gsi1sk', ['nameKey', 'id'], '${nameKey}#${id}'),
    },
    byListOrder: {
      index: 'gsi2',
      pk: key('gsi2pk', ['companyId', 'contactListId'], 'C#${companyId}#CLISTID#${contactListId}'),
      sk: key('gsi2sk', ['id'], 'CLITEM#${id}'),
    },
  },
);

/**
 * Holds a number for one item of a list: numbers are unique within a list (duplicates merge).
 * In the company's own partition, so the company purge sweeps it with the rest.
 */
export const contactListNumberEntity = defineEntity(
  'contactListNumber',
  {
    companyId: fixedNumber,
    contactListId: fixedNumber,
    number: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'number', required: true },
  },
  {
    byNumber: {
      pk: companyPk,
      sk: key('sk', ['contactListId', 'number'], 'CLNUM#${contactListId}#${number}'),
    },
  },
);
