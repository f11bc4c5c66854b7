import type { User } from '@atende/shared/entities/user';

export type { User };

/** GET /users/: one page of the admin list. */
export interface UsersPage {
  users: User[];
  count?: number;
  hasMore: boolean;
}

/** What the user modal sends; an empty password on update keeps the current one. */
export interface UserPayload {
  name: string;
  email: string;
  password?: string;
  profile?: string;
  allTicket?: string;
  queueIds?: number[];
  whatsappId?: number | null;
  /** Required when users change their own e-mail or password. */
  currentPassword?: string;
}
