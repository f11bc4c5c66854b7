import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Badge, TableCell } from '@aws-amplify/ui-react';
import { NameCell, RecordListPage, useSearchedList } from '../../../components/ListPage.tsx';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { mayDeleteUser } from '../../../lib/screen-access.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import type { UsersPage as UsersPageData } from '../api/types.ts';
import { usersQueryKeys } from '../api/users-query-keys.ts';
import { applyUserEvent, parseUserEvent } from '../live-users.ts';
import { UserModal } from './UserModal.tsx';

const profileLabel = (profile: string) => t(`profiles.${profile.toLowerCase()}` as MessageKey) ?? profile;

/** core §2 Users: the admin list with search, infinite scroll, the user modal and deletion. */
export function UsersPage() {
  const queryClient = useQueryClient();
  const { user: viewer } = useAuth();
  const list = useSearchedList(useUsers, 'users');
  const deletion = useDeleteUser();

  // core §4: live `user` events merge into every loaded list by id.
  useLiveEvent('user', (data) => {
    const event = parseUserEvent(data);
    if (!event) return;
    queryClient.setQueriesData<InfiniteData<UsersPageData, number>>(
      { queryKey: usersQueryKeys.lists() },
      (current) => applyUserEvent(current, event),
    );
  });

  return (
    <RecordListPage
      texts="users"
      {...list}
      empty={t('common.noRecords')}
      columns={['name', ['email', 'wide'], 'profile']}
      rowAttributes={(user) => ({ 'data-user-email': user.email })}
      cells={(user) => (
        <>
          <NameCell name={user.name} detail={user.email} />
          <TableCell className="data-table__wide-only">{user.email}</TableCell>
          <TableCell>
            <Badge size="small" variation={user.profile === 'admin' ? 'success' : undefined}>
              {profileLabel(user.profile)}
            </Badge>
          </TableCell>
        </>
      )}
      editLabel={(user) => t('users.editUser', { name: user.name })}
      deleteLabel={(user) => t('users.deleteUser', { name: user.name })}
      // The server refuses deleting oneself (and a super user, to other admins): not offered.
      remove={{
        mutation: deletion,
        mayDelete: (user) => mayDeleteUser(viewer, user),
      }}
      dialog={(user, close) => <UserModal open userId={user?.id} onClose={close} />}
    />
  );
}
