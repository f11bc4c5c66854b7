import { tagsQueryKeys } from './tags-query-keys.ts';
import type { Tag, TagPayload } from './types.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const tagSaver = recordSaver<TagPayload, Tag>('/tags', tagsQueryKeys.all);

export const createTag = tagSaver.create;
export const updateTag = tagSaver.update;
/** POST /tags or PUT /tags/{id}; the lists and the pickers' list reload. */
export const useSaveTag = tagSaver.useSave;
