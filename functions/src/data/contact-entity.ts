import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/** A company's contact (a WhatsApp customer, or a group). */
export const contactEntity = defineEntity(
  'contact',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    /** The name folded for ordering and search (no case, no accents). */
    nameKey: { type: 'string', required: true },
    number: { type: 'string', required: true },
    email: { type: 'string', default: '' },
    profilePicUrl: { type: 'string' },
    isGroup: { type: 'boolean', default: false },
    extraInfo: {
      type: 'list',
      items: { type: 'map', properties: { id: { type: 'number' }, name: { type: 'string' }, value: { type: 'string' } } },
      default: () => [],
    },
    whatsappId: { type: 'number' },
    /** The person's LID (digits), when WhatsApp addressed them by it (docs/decisions, "LID contacts"). */
    lid: { type: 'string' },
    /** The number is not known: `number` holds the LID's digits (the UI shows "LID"). */
    lidOnly: { type: 'boolean' },
    /** A LID contact being folded into this one (the merge's marker, removed when it is done). */
    mergingFrom: { type: 'number' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'CONTACT#${id}') },
    byName: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId'], 'C#${companyId}#CONTACTS'),
      sk: key('gsi1sk', ['nameKey', 'id'], '${nameKey}#${id}'),
    },
    /** Creation order, so "created between two days" is a key range on the company's partition. */
    byCreation: {
      index: 'gsi2',
      pk: key('gsi2pk', ['companyId'], 'C#${companyId}#CCREATED'),
      sk: key('gsi2sk', ['createdAt', 'id'], '${createdAt}#${id}'),
    },
  },
);

/**
 * One search token of a contact (a word of its name, or a tail of its number), so a search is
 * a begins_with query on the tokens, never a scan of the contacts.
 */
export const contactTokenEntity = defineEntity(
  'contactToken',
  {
    companyId: fixedNumber,
    token: { type: 'string', required: true, readOnly: true },
    contactId: fixedNumber,
  },
  {
    byToken: {
      pk: key('pk', ['companyId'], 'C#${companyId}#CSEARCH'),
      sk: key('sk', ['token', 'contactId'], '${token}#${contactId}'),
    },
  },
);

/** Holds a number for one contact of the company: numbers are unique per company. */
export const contactNumberEntity = defineEntity(
  'contactNumber',
  {
    companyId: fixedNumber,
    number: { type: 'string', required: true, readOnly: true },
    contactId: { type: 'number', required: true },
  },
  {
    byNumber: { pk: companyPk, sk: key('sk', ['number'], 'CONTACTNUM#${number}') },
  },
);

/** Holds a LID for the one contact of the company whose number is known and who is that person. */
export const contactLidEntity = defineEntity(
  'contactLid',
  {
    companyId: fixedNumber,
    lid: { type: 'string', required: true, readOnly: true },
    contactId: { type: 'number', required: true },
  },
  {
    byLid: { pk: companyPk, sk: key('sk', ['lid'], 'CONTACTLID#${lid}') },
  },
);
