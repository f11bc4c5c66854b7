import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { currentLocale, subscribeLocale } from './locale.ts';

/**
 * Draws its children again, from scratch, when the language changes: every text comes from `t()`
 * and every format from i18n/format.ts at render time, so a new mount shows the new language.
 */
export function LocaleBoundary({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  return <Fragment key={locale}>{children}</Fragment>;
}
