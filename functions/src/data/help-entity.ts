import { defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/** A help video shown to every company (platform-level). */
export const helpEntity = defineEntity(
  'help',
  {
    id: fixedNumber,
    title: { type: 'string', required: true },
    video: { type: 'string' },
    description: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: key('pk', [], 'PLATFORM'), sk: key('sk', ['id'], 'HELP#${id}') },
  },
);
