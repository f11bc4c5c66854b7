/** Who is calling, as proven by the access token. The company always comes from here. */
export type Profile = 'admin' | 'user' | 'supervisor';

export interface Principal {
  userId: number;
  companyId: number;
  profile: Profile;
  isSuper: boolean;
  /** The login session; a newer login replaces it (one active session per user). */
  sessionId: string;
}

export function isAdmin(principal: Principal): boolean {
  return principal.profile === 'admin' || principal.isSuper;
}
