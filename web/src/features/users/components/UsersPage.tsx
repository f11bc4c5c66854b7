import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Badge, TableCell, TableRow } from '@aws-amplify/ui-react';
import {
  ListCard,
  ListPage,
  ListTable,
  NameCell,
  RowActions,
  useDeleteConfirm,
  useListSearch,
  usePageRows,
} from '../../../components/ListPage.tsx';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { mayDeleteUser } from '../../../lib/screen-access.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import type { User, UsersPage as UsersPageData } from '../api/types.ts';
import { usersQueryKeys } from '../api/users-query-keys.ts';
import { applyUserEvent, parseUserEvent } from '../live-users.ts';
import { UserModal } from './UserModal.tsx';

const profileLabel = (profile: string) => t(`profiles.${profile.toLowerCase()}` as MessageKey) ?? profile;

/** core §2 Users: the admin list with search, infinite scroll, the user modal and deletion. */
export function UsersPage() {
  const queryClient = useQueryClient();
  const { user: viewer } = useAuth();
  const search = useListSearch();
  const users = useUsers(search.term);
  const rows = usePageRows(users.data, 'users');
  const [modal, setModal] = useState<{ userId?: number } | undefined>(undefined);
  const removal = useDeleteConfirm<User>(useDeleteUser(), {
    deleted: 'users.deleted',
    title: (user) => t('users.deleteUser', { name: user.name }),
  });

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
    <ListPage
      title={t('users.title')}
      search={{ ...search, placeholder: t('users.searchPlaceholder') }}
      addLabel={t('users.add')}
      onAdd={() => setModal({})}
    >
      <ListCard testId="users-list" query={users} isEmpty={rows.length === 0} empty={t('common.noRecords')}>
        <ListTable
          columns={[
            { label: t('users.columns.name') },
            { label: t('users.columns.email'), className: 'data-table__wide-only' },
            { label: t('users.columns.profile') },
          ]}
        >
          {rows.map((user) => (
            <TableRow key={user.id} data-user-email={user.email}>
              <NameCell name={user.name} detail={user.email} />
              <TableCell className="data-table__wide-only">{user.email}</TableCell>
              <TableCell>
                <Badge size="small" variation={user.profile === 'admin' ? 'success' : undefined}>
                  {profileLabel(user.profile)}
                </Badge>
              </TableCell>
              <RowActions
                editLabel={t('users.editUser', { name: user.name })}
                onEdit={() => setModal({ userId: user.id })}
                deleteLabel={t('users.deleteUser', { name: user.name })}
                // The server refuses deleting oneself (and a super user, to other admins): not offered.
                onDelete={mayDeleteUser(viewer, user) ? () => removal.ask(user) : undefined}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <UserModal open userId={modal.userId} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
