import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/** A company's contact (a WhatsApp customer, or a group). */
export const contactEntity = new Entity(
  {
    model: { entity: 'contact', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
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
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'CONTACT#${id}', casing: exactCase },
      },
      byName: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['companyId'], template: 'C#${companyId}#CONTACTS', casing: exactCase },
        sk: { field: 'gsi1sk', composite: ['nameKey', 'id'], template: '${nameKey}#${id}', casing: exactCase },
      },
      /** Creation order, so "created between two days" is a key range on the company's partition. */
      byCreation: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['companyId'], template: 'C#${companyId}#CCREATED', casing: exactCase },
        sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], template: '${createdAt}#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * One search token of a contact (a word of its name, or a tail of its number), so a search is
 * a begins_with query on the tokens, never a scan of the contacts.
 */
export const contactTokenEntity = new Entity(
  {
    model: { entity: 'contactToken', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      token: { type: 'string', required: true, readOnly: true },
      contactId: { type: 'number', required: true, readOnly: true },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#CSEARCH', casing: exactCase },
        sk: { field: 'sk', composite: ['token', 'contactId'], template: '${token}#${contactId}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/** Holds a number for one contact of the company: numbers are unique per company. */
export const contactNumberEntity = new Entity(
  {
    model: { entity: 'contactNumber', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      number: { type: 'string', required: true, readOnly: true },
      contactId: { type: 'number', required: true },
    },
    indexes: {
      byNumber: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['number'], template: 'CONTACTNUM#${number}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/** Holds a LID for the one contact of the company whose number is known and who is that person. */
export const contactLidEntity = new Entity(
  {
    model: { entity: 'contactLid', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      lid: { type: 'string', required: true, readOnly: true },
      contactId: { type: 'number', required: true },
    },
    indexes: {
      byLid: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['lid'], template: 'CONTACTLID#${lid}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
