import type { ReactNode } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';
import './search-results.css';

interface SearchResultsProps<T extends { id: number }> {
  /** The list's accessible name (the search field's label). */
  label: string;
  /** The results; undefined while none have come. */
  items: readonly T[] | undefined;
  /** A search is on its way: "Buscando…". */
  loading: boolean;
  /** A last line under the results (more than shown). */
  more?: ReactNode;
  onPick(item: NoInfer<T>): void;
  /** What a result's button shows. */
  children(item: NoInfer<T>): ReactNode;
}

/**
 * The results under a search field (a contact for a new ticket or a schedule, a user to transfer
 * to): "Buscando…", "Sin resultados" or one button per result; the field sits in a
 * `contact-search` box above it.
 */
export function SearchResults<T extends { id: number }>({ label, items, loading, more, onPick, children }: SearchResultsProps<T>) {
  return (
    <ul className="contact-search__results" role="listbox" aria-label={label}>
      {loading && (
        <li className="contact-search__info">
          <Loader size="small" /> {t('tickets.new.searching')}
        </li>
      )}
      {!loading && items?.length === 0 && <li className="contact-search__info">{t('tickets.new.noResults')}</li>}
      {(items ?? []).map((item) => (
        <li key={item.id} role="option" aria-selected={false}>
          <button type="button" onClick={() => onPick(item)}>
            {children(item)}
          </button>
        </li>
      ))}
      {more && <li className="contact-search__info">{more}</li>}
    </ul>
  );
}
