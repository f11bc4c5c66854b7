import type { QueueRef } from '#data/queues';
import type { UserRecord } from '#data/users';
import type { publicCompany } from '../companies/serialize.ts';

/** A user as answers show it: never the password hash or the session. */
/**
 * `queues`: the company's queues by id, to show the user's with name and colour (a queue deleted
 * since is left out); without it (live events) the user's queues carry their ids only.
 */
export function publicUser(
  user: UserRecord,
  extras: { company?: ReturnType<typeof publicCompany>; queues?: Map<number, QueueRef> } = {},
) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    companyId: user.companyId,
    super: user.isSuper ?? false,
    allTicket: user.allTicket ?? 'desabled',
    whatsappId: user.whatsappId ?? null,
    queues: extras.queues
      ? (user.queueIds ?? []).flatMap((id) => {
          const queue = extras.queues?.get(id);
          return queue ? [queue] : [];
        })
      : (user.queueIds ?? []).map((id) => ({ id })),
    queueIds: user.queueIds ?? [],
    online: user.online ?? false,
    language: user.language ?? null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ...(extras.company ? { company: extras.company } : {}),
  };
}
