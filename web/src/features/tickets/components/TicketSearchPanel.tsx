import { useMemo } from 'react';
import { CheckboxField, SearchField } from '@aws-amplify/ui-react';
import { Popover } from '../../../components/Popover.tsx';
import { t } from '../../../i18n/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast.ts';
import { useTagOptions } from '../../tags/api/get-tags.ts';
import { useSearchTickets } from '../api/search-tickets.ts';
import { useUsersList } from '../api/get-users-list.ts';
import { isSearching, searchWords, type TicketSearchFilter } from '../ticket-search.ts';
import '../ticket-search.css';
import { TicketList, type TicketListProps } from './TicketList.tsx';

interface TicketSearchPanelProps {
  filter: TicketSearchFilter;
  onChange(filter: TicketSearchFilter): void;
  /** core §2: the user multi-filter is for admins only. */
  isAdmin: boolean;
  /** The list's props but its query, empty text and highlight (the search's own). */
  listProps: Omit<TicketListProps, 'query' | 'emptyText' | 'highlight'>;
}

interface Choice {
  id: number;
  name: string;
}

/** A popover of checkboxes choosing several ids (tags, users), with the count chosen on its trigger. */
function MultiFilter({
  label,
  choices,
  chosen,
  onChange,
  testId,
}: {
  label: string;
  choices: readonly Choice[];
  chosen: readonly number[];
  onChange(ids: number[]): void;
  testId: string;
}) {
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...chosen, id].sort((a, b) => a - b) : chosen.filter((item) => item !== id));
  return (
    // Opens to the right: the filters sit at the list's left edge, beside the menu drawer.
    <Popover
      label={label}
      testId={testId}
      align="start"
      trigger={
        <span className="tickets-manager__queues">
          {label}
          {chosen.length > 0 && <span className="tickets-count">{chosen.length}</span>}
        </span>
      }
    >
      <div className="tickets-manager__queue-list">
        {choices.length === 0 && (
          <span className="tickets-search__none">{t('tickets.search.noChoices')}</span>
        )}
        {choices.map((choice) => (
          <CheckboxField
            key={choice.id}
            name={`${testId}-${choice.id}`}
            value={String(choice.id)}
            label={choice.name}
            checked={chosen.includes(choice.id)}
            onChange={(event) => toggle(choice.id, event.target.checked)}
          />
        ))}
      </div>
    </Popover>
  );
}

/**
 * core §2 search tab: a text search (debounced 500 ms), a tag multi-filter and, for admins, a user
 * multi-filter; results by infinite scroll, kept current by the live ticket events
 * (use-live-tickets.ts), the matched words marked in each last message.
 */
export function TicketSearchPanel({ filter, onChange, isAdmin, listProps }: TicketSearchPanelProps) {
  const tags = useTagOptions();
  const users = useUsersList(isAdmin);
  const text = useDebouncedValue(filter.text);
  // The text waits 500 ms; a tag or user chosen applies at once.
  const asked = useMemo<TicketSearchFilter>(
    () => ({ text: text.trim(), tagIds: filter.tagIds, userIds: isAdmin ? filter.userIds : [] }),
    [text, filter.tagIds, filter.userIds, isAdmin],
  );
  const searching = isSearching(asked);
  const results = useSearchTickets(asked, searching);
  useLoadErrorToast(results, t('tickets.loadError'));
  const words = useMemo(() => searchWords(asked.text), [asked.text]);

  return (
    <>
      <div className="tickets-search" role="search">
        <SearchField
          label={t('tickets.search.label')}
          labelHidden
          placeholder={t('tickets.search.placeholder')}
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
          onClear={() => onChange({ ...filter, text: '' })}
          size="small"
          hasSearchButton={false}
          hasSearchIcon
          autoFocus
          className="tickets-search__field"
        />
        <div className="tickets-search__filters">
          <MultiFilter
            label={t('tickets.search.tags')}
            testId="search-tags"
            choices={tags.data ?? []}
            chosen={filter.tagIds}
            onChange={(tagIds) => onChange({ ...filter, tagIds })}
          />
          {isAdmin && (
            <MultiFilter
              label={t('tickets.search.users')}
              testId="search-users"
              choices={users.data ?? []}
              chosen={filter.userIds}
              onChange={(userIds) => onChange({ ...filter, userIds })}
            />
          )}
        </div>
      </div>
      <TicketList
        query={results}
        emptyText={searching ? t('tickets.search.empty') : t('tickets.search.hint')}
        highlight={words}
        {...listProps}
      />
    </>
  );
}
