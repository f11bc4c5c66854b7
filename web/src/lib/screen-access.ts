import { canManageKanban, isAdminProfile } from './profile.ts';

/**
 * What a signed-in user may do on the screens, matched to the server's access of each route
 * (functions/src/modules/<module>/handler.ts and the domain rules it calls): a screen shows only
 * the actions the server would allow, so nothing visible answers 403.
 */
export interface AccessViewer {
  id: number;
  profile: string | null | undefined;
  /** Super users pass the server's admin checks (functions auth/principal.ts isAdmin). */
  super?: boolean | null;
}

/** The server's `isAdmin`: the admin profile, or a super user. */
export function actsAsAdmin(viewer: AccessViewer | undefined): boolean {
  return !!viewer && (isAdminProfile(viewer.profile) || viewer.super === true);
}

/** Where a user lands after sign-in (and whenever a route is not theirs): admins on the dashboard, agents on the inbox. */
export function homePathFor(viewer: Pick<AccessViewer, 'profile'> | undefined): string {
  return isAdminProfile(viewer?.profile) ? '/' : '/tickets';
}

/** POST, PUT and DELETE /queue (and /queue-options) are admin routes. */
export function mayManageQueues(viewer: AccessViewer | undefined): boolean {
  return actsAsAdmin(viewer);
}

/**
 * DELETE /tags/{id} (domain/tag-rules.ts assertMayDeleteTag): admins, supervisors and super
 * users any tag; anyone else only a tag of their own that is not a kanban lane.
 */
export function mayDeleteTag(
  viewer: AccessViewer | undefined,
  tag: { userId?: number | null; kanban?: number | null },
): boolean {
  if (!viewer) return false;
  if (canManageKanban(viewer.profile) || viewer.super === true) return true;
  return (tag.kanban ?? 0) !== 1 && tag.userId === viewer.id;
}

/** PUT and DELETE /quick-messages/{id} (domain/quick-message-rules.ts): the author or an admin. */
export function mayChangeQuickMessage(
  viewer: AccessViewer | undefined,
  quickMessage: { userId?: number | null },
): boolean {
  return actsAsAdmin(viewer) || (!!viewer && quickMessage.userId === viewer.id);
}

/**
 * DELETE /users/{id} (domain/user-rules.ts assertMayDeleteUser): never one's own user, and a
 * super user only by another super user.
 */
export function mayDeleteUser(
  viewer: AccessViewer | undefined,
  user: { id: number; super?: boolean | null },
): boolean {
  if (!actsAsAdmin(viewer) || user.id === viewer?.id) return false;
  return user.super !== true || viewer?.super === true;
}
