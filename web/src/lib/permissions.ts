import { isAdminProfile } from './profile.ts';

/** The permission checks of core §6, named by action. */
export type Permission =
  | 'tickets-manager:showall'
  | 'ticket-options:deleteTicket'
  | 'connections-page:addConnection'
  | 'connections-page:actionButtons'
  | 'connections-page:editOrDeleteConnection'
  | 'user-modal:editProfile'
  | 'user-modal:editQueues'
  | 'contacts-page:deleteContact'
  | 'contacts-page:exportContacts';

/**
 * Which profiles hold each permission. The spec lists all of these among the admin-only actions
 * (core §6: show-all tickets, deleting tickets, connection actions, adding, editing and deleting
 * connections, editing profile and queues in the user modal).
 */
const rules: Readonly<Record<Permission, (profile: string | null | undefined) => boolean>> = {
  'tickets-manager:showall': isAdminProfile,
  'ticket-options:deleteTicket': isAdminProfile,
  'connections-page:addConnection': isAdminProfile,
  'connections-page:actionButtons': isAdminProfile,
  'connections-page:editOrDeleteConnection': isAdminProfile,
  'user-modal:editProfile': isAdminProfile,
  'user-modal:editQueues': isAdminProfile,
  // core §6: deleting contacts is admin only (extended §6 names the check).
  'contacts-page:deleteContact': isAdminProfile,
  // The export hands over the whole contact base: admins only, as the API (docs/decisions.md).
  'contacts-page:exportContacts': isAdminProfile,
};

/** Whether a user of this profile may perform the action. */
export function can(profile: string | null | undefined, permission: Permission): boolean {
  return rules[permission](profile);
}
