import { defaultTagColour } from '@atende/shared/constants';
import { applyRecordEvent, parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { Tag } from './api/types.ts';

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

export function emptyTagForm(): TagFormValues {
  return { name: '', color: defaultTagColour, kanban: false };
}

export function tagFormOf(
  tag: Pick<Tag, 'name' | 'color'> & { kanban?: number | boolean | null },
): TagFormValues {
  return {
    name: tag.name,
    color: tag.color || defaultTagColour,
    kanban: tag.kanban === 1 || tag.kanban === true,
  };
}

/** A colour the picker accepts: #rgb or #rrggbb. */
export const isHexColour = (value: string) => /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());

/**
 * The values as tagCreateInputSchema (the route's body schema) reads them; it checks the name
 * (extended §5 Tag: Obligatorio, Mensaje muy corto). An unfinished colour is the default one;
 * `kanban` is sent as 0/1 (the toggle is shown to admins and supervisors only, the others keep
 * the value the tag had).
 */
export function tagFormInput(values: TagFormValues) {
  return {
    name: values.name,
    color: isHexColour(values.color) ? values.color.trim() : defaultTagColour,
    kanban: values.kanban ? 1 : 0,
  };
}

export { textOnColour } from '../../lib/colour.ts';

/** The live `tag` event: `{ action, tag }` or `{ action: 'delete', tagId }`. */
export type TagLiveEvent = RecordLiveEvent<Tag>;

export function parseTagEvent(data: unknown): TagLiveEvent | undefined {
  return parseRecordEvent<Tag>(data, { record: ['tag', 'record'], id: ['tagId', 'id'] });
}

export { applyRecordEvent };
