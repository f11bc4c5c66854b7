import { useQueryClient } from '@tanstack/react-query';
import { useLiveRecordLists } from '../../components/ListPage.tsx';
import { applyRecordEventToLists } from '../../lib/live-records.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { contactListsQueryKeys } from './api/contact-lists-query-keys.ts';
import { parseContactListEvent, parseContactListItemEvent } from './contact-list-form.ts';

/**
 * extended §4: `ContactList` events merge into the loaded lists by id and keep each list's own
 * record current, so an import's progress moves on the screen as the server writes the rows.
 */
export function useContactListsLive(): void {
  const queryClient = useQueryClient();
  useLiveRecordLists(
    'ContactList',
    parseContactListEvent,
    contactListsQueryKeys.lists(),
    'records',
    (event) => {
      if (event.action === 'delete')
        queryClient.removeQueries({ queryKey: contactListsQueryKeys.one(Number(event.id)) });
      else queryClient.setQueryData(contactListsQueryKeys.one(event.record.id), event.record);
    },
  );
}

/** The list's own item channel: create, update and delete merge by id; `reload` (an import written) refetches. */
export function useContactListItemsLive(contactListId: number): void {
  const queryClient = useQueryClient();
  useLiveEvent(`ContactListItem-${contactListId}`, (data) => {
    const event = parseContactListItemEvent(data);
    if (!event) return;
    if (event.action === 'reload') {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(contactListId) });
      return;
    }
    applyRecordEventToLists(queryClient, contactListsQueryKeys.items(contactListId), 'contacts', event);
  });
}
