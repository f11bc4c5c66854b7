import type { inboxSearchMessages } from './inbox-search.es.ts';

/** English (en) UI text of the inbox's search tab (merged by messages.en.ts). */
export const inboxSearchMessagesEn: Record<keyof typeof inboxSearchMessages, string> = {
  'tickets.tabs.search': 'Search',
  'tickets.search.label': 'Search tickets',
  'tickets.search.placeholder': 'Search by message, name or number',
  'tickets.search.tags': 'Tags',
  'tickets.search.users': 'Users',
  'tickets.search.noChoices': 'No options.',
  'tickets.search.hint': 'Type a word or choose a tag to search.',
  'tickets.search.empty': 'No tickets match your search.',
};
