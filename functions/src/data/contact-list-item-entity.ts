import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One recipient of a contact list (extended §3). Read by id on the company partition; a list's
 * items by name (the items screen, gsi1) or by id (the campaign dispatcher's stable order, gsi2).
 * `isWhatsappValid` is absent until a connected connection has checked the number.
 */
export const contactListItemEntity = new Entity(
  {
    model: { entity: 'contactListItem', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
      contactListId: { type: 'number', required: true, readOnly: true },
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
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'CLITEM#${id}', casing: exactCase },
      },
      byListName: {
        index: 'gsi1',
        pk: {
          field: 'gsi1pk',
          composite: ['companyId', 'contactListId'],
          template: 'C#${companyId}#CLIST#${contactListId}',
          casing: exactCase,
        },
        sk: {
          field: 'gsi1sk',
          composite: ['nameKey', 'id'],
          template: '${nameKey}#${id}',
          casing: exactCase,
        },
      },
      byListOrder: {
        index: 'gsi2',
        pk: {
          field: 'gsi2pk',
          composite: ['companyId', 'contactListId'],
          template: 'C#${companyId}#CLISTID#${contactListId}',
          casing: exactCase,
        },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'CLITEM#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * Holds a number for one item of a list: numbers are unique within a list (duplicates merge).
 * In the company's own partition, so the company purge sweeps it with the rest.
 */
export const contactListNumberEntity = new Entity(
  {
    model: { entity: 'contactListNumber', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      contactListId: { type: 'number', required: true, readOnly: true },
      number: { type: 'string', required: true, readOnly: true },
      itemId: { type: 'number', required: true },
    },
    indexes: {
      byNumber: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: {
          field: 'sk',
          composite: ['contactListId', 'number'],
          template: 'CLNUM#${contactListId}#${number}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);
