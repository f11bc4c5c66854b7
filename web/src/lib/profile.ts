/** Profiles are compared case-insensitively (core §6): the API has sent both `admin` and `ADMIN`. */
export function isAdminProfile(profile: string | null | undefined): boolean {
  return profile?.toLowerCase() === 'admin';
}
