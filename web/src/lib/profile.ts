/** Profiles are compared case-insensitively (core §6): the API has sent both `admin` and `ADMIN`. */
export function isAdminProfile(profile: string | null | undefined): boolean {
  return profile?.toLowerCase() === 'admin';
}

/** extended §6: the tag kanban toggle is for admin or supervisor profiles only. */
export function canManageKanban(profile: string | null | undefined): boolean {
  const value = profile?.toLowerCase();
  return value === 'admin' || value === 'supervisor';
}
