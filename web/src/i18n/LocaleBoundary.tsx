import { cloneElement, isValidElement, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { currentLocale, subscribeLocale, type Locale } from './locale.ts';

/** The current language, re-rendering the component that asks whenever it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, currentLocale);
}

/**
 * Draws its one child again, in place, when the language changes: a copy of the element (the same
 * type at the same place, so React keeps every state below) with new props, so the child renders
 * and so does everything it draws; every text comes from `t()` and every format from
 * i18n/format.ts at render time. Between changes the same copy is handed back, so a parent's
 * re-render alone does not redraw a child React would have skipped.
 */
export function LocaleRedraw({ children }: { children: ReactElement }) {
  const locale = useLocale();
  // A new copy once per language (and per new child), the same one otherwise.
  return useMemo(() => ({ locale, element: cloneElement(children) }), [children, locale]).element;
}

/**
 * The app's redraw on a change of language (docs/i18n.md). It never remounts: the session, the
 * open dialogs, what forms hold and the requests under way stay as they are. The router's screens
 * are elements made once (react-router hands the same ones back, and skips them when they are),
 * so `redrawRoutesOnLocaleChange` puts each of them in a `LocaleRedraw` of its own too.
 */
export function LocaleBoundary({ children }: { children: ReactNode }) {
  return isValidElement(children) ? <LocaleRedraw>{children}</LocaleRedraw> : children;
}
