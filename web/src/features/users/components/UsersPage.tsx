import { useMemo, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
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
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const users = useUsers(searchParam);
  const deleteUser = useDeleteUser();
  const [modal, setModal] = useState<{ userId?: number } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<User | undefined>(undefined);

  // core §4: live `user` events merge into every loaded list by id.
  useLiveEvent('user', (data) => {
    const event = parseUserEvent(data);
    if (!event) return;
    queryClient.setQueriesData<InfiniteData<UsersPageData, number>>({ queryKey: usersQueryKeys.lists() }, (current) =>
      applyUserEvent(current, event),
    );
  });

  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteUser.mutateAsync(toDelete.id);
      toast.success(t('users.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(undefined);
    }
  }

  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Flex className="screen__header" alignItems="center" justifyContent="space-between" wrap="wrap" gap="small">
        <Heading level={3}>{t('users.title')}</Heading>
        <Flex gap="small" alignItems="center" wrap="wrap" className="screen__tools">
          <SearchField
            label={t('common.search')}
            labelHidden
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onClear={() => setSearch('')}
            size="small"
            hasSearchButton={false}
            hasSearchIcon
            className="screen__search"
          />
          <Button variation="primary" size="small" gap="xs" onClick={() => setModal({})}>
            <PlusIcon size={18} />
            {t('users.add')}
          </Button>
        </Flex>
      </Flex>
      <Card
        variation="outlined"
        padding="0"
        className="list-card"
        onScroll={(event) => {
          if (users.hasNextPage && !users.isFetchingNextPage && isNearBottom(event.currentTarget)) {
            void users.fetchNextPage();
          }
        }}
        data-testid="users-list"
      >
        <Table highlightOnHover size="small" className="data-table">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('users.columns.name')}</TableCell>
              <TableCell as="th" className="data-table__wide-only">
                {t('users.columns.email')}
              </TableCell>
              <TableCell as="th">{t('users.columns.profile')}</TableCell>
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((user) => (
              <TableRow key={user.id} data-user-email={user.email}>
                <TableCell>
                  <Text as="span" fontWeight="semibold">
                    {user.name}
                  </Text>
                  <Text as="span" className="data-table__narrow-only" fontSize="small" color="font.secondary">
                    {user.email}
                  </Text>
                </TableCell>
                <TableCell className="data-table__wide-only">{user.email}</TableCell>
                <TableCell>
                  <Badge size="small" variation={user.profile === 'admin' ? 'success' : undefined}>
                    {profileLabel(user.profile)}
                  </Badge>
                </TableCell>
                <TableCell className="data-table__actions">
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button"
                    ariaLabel={t('users.editUser', { name: user.name })}
                    title={t('common.edit')}
                    onClick={() => setModal({ userId: user.id })}
                  >
                    <EditIcon size={18} />
                  </Button>
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button icon-button--danger"
                    ariaLabel={t('users.deleteUser', { name: user.name })}
                    title={t('common.delete')}
                    onClick={() => setToDelete(user)}
                  >
                    <TrashIcon size={18} />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(users.isLoading || users.isFetchingNextPage) && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!users.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {t('common.noRecords')}
          </Text>
        )}
      </Card>
      {modal && <UserModal open userId={modal.userId} onClose={() => setModal(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete ? t('users.deleteUser', { name: toDelete.name }) : undefined}
        isLoading={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </Flex>
  );
}
