import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import {
  HomeRedirect,
  RequireActiveCompany,
  RequireAdmin,
  RequireAuth,
  RequireCampaignsFlag,
  RequireGuest,
} from './guards.tsx';
import { campaignRoutes, privateRoutes, publicRoutes, type ScreenRoute } from './route-table.ts';
import { RouteError } from './RouteError.tsx';
import { redrawRoutesOnLocaleChange } from '../../i18n/redraw-routes.tsx';

const toRoute = ({ path, Screen }: ScreenRoute): RouteObject => ({ path, element: <Screen /> });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireGuest />,
        children: [{ element: <AuthLayout />, children: publicRoutes.map(toRoute) }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                element: <RequireActiveCompany />,
                children: [
                  ...privateRoutes.filter((route) => !route.adminOnly).map(toRoute),
                  { element: <RequireAdmin />, children: privateRoutes.filter((route) => route.adminOnly).map(toRoute) },
                  { element: <RequireCampaignsFlag />, children: campaignRoutes.map(toRoute) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];

export function createAppRouter() {
  // A change of language redraws every screen in place (docs/i18n.md), without remounting it.
  return createBrowserRouter(redrawRoutesOnLocaleChange(routes));
}
