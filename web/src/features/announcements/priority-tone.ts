/**
 * extended §2.7: priority colours 1 red, 2 orange, 3 grey (an unknown priority reads as 3), and
 * the priorities' names. A module of its own: the top bar's announcements popover needs it, and announcement-form.ts
 * brings the shared schemas (and zod) that the first load must not carry.
 */
export function priorityTone(priority: number | null | undefined): 'red' | 'orange' | 'grey' {
  return priority === 1 ? 'red' : priority === 2 ? 'orange' : 'grey';
}

/** The catalogue key of a priority's name (Alta, Media, Baja; an unknown priority reads as 3). */
export function priorityTextKey(priority: number) {
  return priority === 1
    ? 'announcements.priority.1'
    : priority === 2
      ? 'announcements.priority.2'
      : 'announcements.priority.3';
}
