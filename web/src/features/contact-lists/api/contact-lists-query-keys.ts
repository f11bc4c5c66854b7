export const contactListsQueryKeys = {
  all: ['contact-lists'] as const,
  lists: () => ['contact-lists', 'list'] as const,
  list: (searchParam: string) => ['contact-lists', 'list', { searchParam }] as const,
  one: (id: number) => ['contact-lists', 'one', id] as const,
  /** Every items list of one contact list (each search its own). */
  items: (contactListId: number) => ['contact-list-items', contactListId] as const,
  itemList: (contactListId: number, searchParam: string) =>
    ['contact-list-items', contactListId, { searchParam }] as const,
};
