import { isValidElement, type ReactNode } from 'react';
import { LocaleRedraw } from './LocaleBoundary.tsx';

interface RouteLike {
  element?: ReactNode;
  errorElement?: ReactNode;
  children?: RouteLike[];
}

const redrawn = (element: ReactNode) =>
  isValidElement(element) ? <LocaleRedraw>{element}</LocaleRedraw> : element;

/**
 * The route table with every route's element (and error element) redrawn in place when the
 * language changes (`LocaleRedraw`): react-router keeps each route's element as it was made, and
 * an outlet hands the same one back, so without this a screen would keep its old texts until it
 * remounts.
 */
export function redrawRoutesOnLocaleChange<R extends RouteLike>(routes: R[]): R[] {
  return routes.map((route) => ({
    ...route,
    ...('element' in route ? { element: redrawn(route.element) } : {}),
    ...('errorElement' in route ? { errorElement: redrawn(route.errorElement) } : {}),
    ...(route.children ? { children: redrawRoutesOnLocaleChange(route.children) } : {}),
  }));
}
