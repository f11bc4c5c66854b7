export const announcementsQueryKeys = {
  all: ['announcements'] as const,
  lists: () => ['announcements', 'list'] as const,
  list: (searchParam: string) => ['announcements', 'list', { searchParam }] as const,
  /** The top bar's popover: the newest active ones. */
  popover: () => ['announcements', 'popover'] as const,
};
