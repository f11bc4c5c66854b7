import { Entity } from 'electrodb';
import { entityConfig, entityModel, fixedNumber, key, timestamps, weekdayHours } from './electro.ts';

/**
 * A client company. Usage counters (users, connections, queues) live on the company item so a
 * create can check the plan's limit and count itself in one transaction: no race can exceed it.
 * gsi1 lists every company for super users (a platform-level index).
 */
export const companyEntity = new Entity(
  {
    model: entityModel('company'),
    attributes: {
      id: fixedNumber,
      name: { type: 'string', required: true },
      nameKey: { type: 'string', required: true },
      email: { type: 'string' },
      phone: { type: 'string' },
      planId: { type: 'number', required: true },
      /** The company whose sign-up link this one came through (checked to exist at sign-up); a record, nothing more. */
      referredBy: { type: 'number' },
      status: { type: 'boolean', default: true },
      campaignsEnabled: { type: 'boolean', default: true },
      /** yyyy-MM-dd in the company's time zone, or absent for no due date. */
      dueDate: { type: 'string' },
      recurrence: { type: ['MENSUAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const, default: 'MENSUAL' },
      trialExpiration: { type: 'string' },
      timezone: { type: 'string', default: 'America/Sao_Paulo' },
      /** The language of the default texts its customers get (docs/i18n.md); absent: es. */
      language: { type: ['es', 'pt-BR', 'en'] as const },
      schedules: weekdayHours,
      billingName: { type: 'string' },
      addressZipCode: { type: 'string' },
      addressStreet: { type: 'string' },
      addressState: { type: 'string' },
      addressCity: { type: 'string' },
      addressDistrict: { type: 'string' },
      userCount: { type: 'number', default: 0 },
      connectionCount: { type: 'number', default: 0 },
      queueCount: { type: 'number', default: 0 },
      /** Scheduled messages of the company (the plan's `schedules` limit); absent on companies older than the count. */
      scheduleCount: { type: 'number', default: 0 },
      /**
       * Campaigns the company holds, any status (the plan's `campaigns` limit); absent on companies
       * older than the count, which are counted on their first campaign (createCampaign).
       */
      campaignCount: { type: 'number', default: 0 },
      /** Contacts of the company, kept in the same transactions that create and delete them. */
      contactCount: { type: 'number', default: 0 },
      /** The company's one default connection (core §3, ERR_NO_OTHER_WHATSAPP). */
      defaultWhatsappId: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: { pk: key('pk', ['id'], 'C#${id}'), sk: key('sk', [], 'COMPANY') },
      all: {
        index: 'gsi1',
        pk: key('gsi1pk', [], 'COMPANIES'),
        sk: key('gsi1sk', ['nameKey', 'id'], '${nameKey}#${id}'),
      },
    },
  },
  entityConfig,
);

/** Holds a company name so two companies cannot share one (platform-level key). */
export const companyNameEntity = new Entity(
  {
    model: entityModel('companyName'),
    attributes: {
      nameKey: { type: 'string', required: true, readOnly: true },
      companyId: { type: 'number', required: true },
    },
    indexes: {
      byName: { pk: key('pk', ['nameKey'], 'COMPANYNAME#${nameKey}'), sk: key('sk', [], 'NAME') },
    },
  },
  entityConfig,
);
