export const chatsQueryKeys = {
  all: ['chats'] as const,
  /** GET /chats: the viewer's chats, latest activity first (the page and the top-bar popover share it). */
  list: () => ['chats', 'list'] as const,
  /** GET /chats/{id}/messages. */
  messages: (chatId: number) => ['chats', 'messages', chatId] as const,
};
