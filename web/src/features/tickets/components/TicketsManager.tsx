import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, CheckboxField, SwitchField } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { PlusIcon } from '../../../components/icons/feature-icons.tsx';
import { Popover } from '../../../components/Popover.tsx';
import { t } from '../../../i18n/index.ts';
import { can } from '../../../lib/permissions.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useTickets } from '../api/get-tickets.ts';
import type { Ticket, TicketListFilter, TicketStatus } from '../api/types.ts';
import { useUpdateTicket } from '../api/update-ticket.ts';
import { statusChangeFor } from '../ticket-actions.ts';
import { listCount } from '../ticket-list-rules.ts';
import { KeyboardIcon } from './icons.tsx';
import { useRunShortcut, useShortcut } from '../keyboard/use-shortcuts.tsx';
import { listRowsOf, stepRow } from '../keyboard/list-cursor.ts';
import type { TicketSearchFilter } from '../ticket-search.ts';
import { NewTicketModal } from './NewTicketModal.tsx';
import { TicketList } from './TicketList.tsx';
import { TicketPeekModal } from './TicketPeekModal.tsx';
import { TicketSearchPanel } from './TicketSearchPanel.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'assigned' | 'pending';

interface TicketsManagerProps {
  selected: string | undefined;
  narrow: boolean;
  /** Called after a ticket is opened from the list (narrow screens switch to the chat tab). */
  onOpened(): void;
}

function TabButton({ active, onClick, children, testId }: { active: boolean; onClick(): void; children: React.ReactNode; testId?: string }) {
  return (
    <button type="button" role="tab" aria-selected={active} className="tickets-tab" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

/** core §2 Tickets page: the list panel with its tabs, show-all switch, queue filter and lists. */
export function TicketsManager({ selected, narrow, onOpened }: TicketsManagerProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = isAdminProfile(user?.profile);
  const mayShowAll = can(user?.profile, 'tickets-manager:showall');
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('assigned');
  // core §2: admins start with show-all on.
  const [showAll, setShowAll] = useState(mayShowAll);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [newOpen, setNewOpen] = useState(false);
  // Kept while other tabs show, so going back finds the same search.
  const [search, setSearch] = useState<TicketSearchFilter>({ text: '', tagIds: [], userIds: [] });
  const [peek, setPeek] = useState<Ticket | undefined>(undefined);
  const queues = useQueues();
  const updateTicket = useUpdateTicket();

  const filterFor = (status: TicketStatus): TicketListFilter => ({ status, showAll: mayShowAll && showAll, queueIds });
  const assigned = useTickets(filterFor('open'));
  const pending = useTickets(filterFor('pending'));
  const closed = useTickets(filterFor('closed'), tab === 'closed');
  useLoadErrorToast(assigned, t('tickets.loadError'));
  useLoadErrorToast(pending, t('tickets.loadError'));

  const open = (ticket: { id: number; uuid?: string }) => {
    void navigate(`/tickets/${ticket.uuid || ticket.id}`);
    onOpened();
  };

  async function accept(ticket: { id: number; uuid?: string }) {
    if (!user) return;
    try {
      const updated = await updateTicket.mutateAsync({ id: ticket.id, update: statusChangeFor('accept', user.id) });
      setOpenTab('assigned');
      open(updated && typeof updated === 'object' && updated.id ? updated : ticket);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ERR_TICKET_CONFLICT') toast.warning(t('tickets.conflict'));
      else toastError(error);
    }
  }

  // Keyboard (issue #30): j/k move through the list shown, opening what can be opened; the
  // ticket they rest on is focused, and a pending one is accepted with a.
  const listRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<string | undefined>(undefined);
  const [searchFocus, setSearchFocus] = useState(0);
  const runShortcut = useRunShortcut();
  const rowsShown = () => listRowsOf(listRef.current, document.activeElement, cursorRef.current);
  const move = (step: 1 | -1) => {
    const row = stepRow(rowsShown(), step);
    if (!row) return;
    cursorRef.current = row.id;
    row.focus();
    if (!row.pending && !row.selected) open({ id: Number(row.id), uuid: row.uuid });
  };
  useShortcut('next', () => move(1));
  useShortcut('previous', () => move(-1));
  useShortcut(
    'accept',
    () => {
      const row = rowsShown().rows.find((item) => item.current && item.pending);
      if (!row) return false;
      void accept({ id: Number(row.id), uuid: row.uuid });
    },
    1,
  );
  const showTab = (main: MainTab, sub?: OpenTab) => {
    setTab(main);
    if (sub) setOpenTab(sub);
    cursorRef.current = undefined;
  };
  useShortcut('tabAssigned', () => showTab('open', 'assigned'));
  useShortcut('tabPending', () => showTab('open', 'pending'));
  useShortcut('tabClosed', () => showTab('closed'));
  useShortcut('tabSearch', () => showTab('search'));
  useShortcut('search', () => {
    showTab('search');
    setSearchFocus((count) => count + 1);
  });
  useEffect(() => {
    if (searchFocus > 0) listRef.current?.querySelector<HTMLInputElement>('.tickets-search input')?.focus();
  }, [searchFocus]);

  const queueList = queues.data ?? [];
  const toggleQueue = (id: number, on: boolean) =>
    setQueueIds((current) => (on ? [...current, id].sort((a, b) => a - b) : current.filter((item) => item !== id)));

  const listProps = {
    selected,
    narrow,
    canPeek: isAdmin,
    acceptingId: updateTicket.isPending ? updateTicket.variables?.id : undefined,
    onOpen: open,
    onAccept: (ticket: Ticket) => void accept(ticket),
    onPeek: setPeek,
  };

  return (
    <div className="tickets-manager" ref={listRef}>
      <div className="tickets-manager__tabs" role="tablist" aria-label={t('tickets.title')}>
        <TabButton active={tab === 'open'} onClick={() => setTab('open')} testId="tab-open">
          {t('tickets.tabs.open')}
        </TabButton>
        <TabButton active={tab === 'closed'} onClick={() => setTab('closed')} testId="tab-closed">
          {t('tickets.tabs.closed')}
        </TabButton>
        <TabButton active={tab === 'search'} onClick={() => setTab('search')} testId="tab-search">
          {t('tickets.tabs.search')}
        </TabButton>
      </div>
      <div className="tickets-manager__tools">
        <Button size="small" variation="primary" gap="xxs" onClick={() => setNewOpen(true)}>
          <PlusIcon size={16} />
          {t('tickets.newTicket')}
        </Button>
        <div className="tickets-manager__spacer" />
        {/* Shortcuts are for keyboards: a phone-width list keeps its room. */}
        {!narrow && (
          <IconButton label={t('keyboard.help.open')} onClick={() => runShortcut('help')}>
            <KeyboardIcon size={18} />
          </IconButton>
        )}
        {mayShowAll && tab !== 'search' && (
          <SwitchField
            label={t('tickets.showAll')}
            labelPosition="start"
            size="small"
            isChecked={showAll}
            onChange={(event) => setShowAll(event.target.checked)}
            className="tickets-manager__switch"
          />
        )}
        {queueList.length > 0 && tab !== 'search' && (
          <Popover
            label={t('tickets.transfer.queue')}
            trigger={
              <span className="tickets-manager__queues">
                {t('tickets.transfer.queue')}
                {queueIds.length > 0 && <span className="tickets-count">{queueIds.length}</span>}
              </span>
            }
          >
            <div className="tickets-manager__queue-list">
              {queueList.map((queue) => (
                <CheckboxField
                  key={queue.id}
                  name={`queue-${queue.id}`}
                  value={String(queue.id)}
                  label={queue.name}
                  checked={queueIds.includes(queue.id)}
                  onChange={(event) => toggleQueue(queue.id, event.target.checked)}
                />
              ))}
            </div>
          </Popover>
        )}
      </div>
      {tab === 'open' && (
        <>
          <div className="tickets-manager__subtabs" role="tablist">
            <TabButton active={openTab === 'assigned'} onClick={() => setOpenTab('assigned')} testId="tab-assigned">
              {t('tickets.tabs.assigned')}
              <span className="tickets-count" data-testid="count-assigned">
                {listCount(assigned.data)}
              </span>
            </TabButton>
            <TabButton active={openTab === 'pending'} onClick={() => setOpenTab('pending')} testId="tab-pending">
              {t('tickets.tabs.pending')}
              <span className="tickets-count tickets-count--warning" data-testid="count-pending">
                {listCount(pending.data)}
              </span>
            </TabButton>
          </div>
          {openTab === 'assigned' ? (
            <TicketList query={assigned} emptyText={t('tickets.empty.open')} {...listProps} />
          ) : (
            <TicketList query={pending} emptyText={t('tickets.empty.pending')} {...listProps} />
          )}
        </>
      )}
      {tab === 'closed' && <TicketList query={closed} emptyText={t('tickets.empty.closed')} {...listProps} />}
      {tab === 'search' && (
        <TicketSearchPanel filter={search} onChange={setSearch} isAdmin={isAdmin} listProps={listProps} />
      )}
      {newOpen && <NewTicketModal onClose={() => setNewOpen(false)} onOpened={onOpened} />}
      {peek && <TicketPeekModal ticket={peek} onClose={() => setPeek(undefined)} />}
    </div>
  );
}
