import type { Help } from '@atende/shared/entities/help';
import { listReader } from '../../../lib/record-api.ts';
import { helpsQueryKeys } from './helps-query-keys.ts';

export type { Help };

const helpsReader = listReader<Help>('/helps/list', helpsQueryKeys.list());

/** GET /helps/list: every help video. */
export const getHelps = helpsReader.get;
export const helpsQueryOptions = helpsReader.queryOptions;
export const useHelps = helpsReader.useList;
