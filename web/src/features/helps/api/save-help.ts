import type { HelpCreateInput } from '@atende/shared/entities/help';
import type { Help } from './get-helps.ts';
import { helpsQueryKeys } from './helps-query-keys.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const helpSaver = recordSaver<HelpCreateInput, Help>('/helps', helpsQueryKeys.all);

export const createHelp = helpSaver.create;
export const updateHelp = helpSaver.update;
/** POST /helps or PUT /helps/{id}; the lists reload. */
export const useSaveHelp = helpSaver.useSave;
