import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenRoute {
  path: string;
  Screen: LazyExoticComponent<ComponentType>;
  /**
   * core §2 "Admin group" routes and the screens of the menu's admin group (core §2 Layout, §6:
   * the admin menu group is admin only); other profiles are sent to their home.
   */
  adminOnly?: boolean;
}

/** Public routes (extended §2.1); each screen is its own chunk. */
export const publicRoutes: readonly ScreenRoute[] = [
  { path: '/login', Screen: lazy(() => import('../../routes/login.tsx')) },
  { path: '/signup', Screen: lazy(() => import('../../routes/signup.tsx')) },
  { path: '/forgetpsw', Screen: lazy(() => import('../../routes/forgot-password.tsx')) },
];

/** Private routes of core §2 and extended §2.1, shown inside the app layout. */
export const privateRoutes: readonly ScreenRoute[] = [
  { path: '/', Screen: lazy(() => import('../../routes/dashboard.tsx')) },
  { path: '/tickets/:ticketId?', Screen: lazy(() => import('../../routes/tickets.tsx')) },
  { path: '/connections', adminOnly: true, Screen: lazy(() => import('../../routes/connections.tsx')) },
  { path: '/quick-messages', Screen: lazy(() => import('../../routes/quick-messages.tsx')) },
  { path: '/todolist', Screen: lazy(() => import('../../routes/todo-list.tsx')) },
  { path: '/schedules', Screen: lazy(() => import('../../routes/schedules.tsx')) },
  { path: '/tags', Screen: lazy(() => import('../../routes/tags.tsx')) },
  { path: '/contacts', Screen: lazy(() => import('../../routes/contacts.tsx')) },
  { path: '/helps', Screen: lazy(() => import('../../routes/helps.tsx')) },
  { path: '/users', adminOnly: true, Screen: lazy(() => import('../../routes/users.tsx')) },
  { path: '/files', adminOnly: true, Screen: lazy(() => import('../../routes/files.tsx')) },
  { path: '/prompts', adminOnly: true, Screen: lazy(() => import('../../routes/prompts.tsx')) },
  {
    path: '/queue-integration',
    adminOnly: true,
    Screen: lazy(() => import('../../routes/queue-integration.tsx')),
  },
  { path: '/messages-api', adminOnly: true, Screen: lazy(() => import('../../routes/messages-api.tsx')) },
  { path: '/webhooks', adminOnly: true, Screen: lazy(() => import('../../routes/webhooks.tsx')) },
  { path: '/settings', adminOnly: true, Screen: lazy(() => import('../../routes/settings.tsx')) },
  { path: '/kanban', Screen: lazy(() => import('../../routes/kanban.tsx')) },
  { path: '/financeiro', adminOnly: true, Screen: lazy(() => import('../../routes/financial.tsx')) },
  { path: '/queues', adminOnly: true, Screen: lazy(() => import('../../routes/queues.tsx')) },
  { path: '/announcements', Screen: lazy(() => import('../../routes/announcements.tsx')) },
  { path: '/subscription', Screen: lazy(() => import('../../routes/subscription.tsx')) },
  { path: '/chats/:id?', Screen: lazy(() => import('../../routes/chats.tsx')) },
];

/** Private routes that exist only with the `cshow` browser flag (extended §2.1). */
export const campaignRoutes: readonly ScreenRoute[] = [
  { path: '/contact-lists', Screen: lazy(() => import('../../routes/contact-lists.tsx')) },
  {
    path: '/contact-lists/:contactListId/contacts',
    Screen: lazy(() => import('../../routes/contact-list-items.tsx')),
  },
  { path: '/campaigns', Screen: lazy(() => import('../../routes/campaigns.tsx')) },
  { path: '/campaign/:campaignId/report', Screen: lazy(() => import('../../routes/campaign-report.tsx')) },
  { path: '/campaigns-config', Screen: lazy(() => import('../../routes/campaigns-config.tsx')) },
];
