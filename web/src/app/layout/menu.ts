import type { MessageKey } from '../../i18n/index.ts';
import { planAllows, type PlanFlag, type PlanFlags } from '../../lib/plan.ts';
import { isAdminProfile } from '../../lib/profile.ts';

/** Who may see an entry: everyone unless a condition says otherwise. */
interface MenuAccess {
  adminOnly?: boolean;
  superOnly?: boolean;
  planFlag?: PlanFlag;
  /** Shown only while the browser holds the `cshow` flag (extended §2.1). */
  campaignsFlag?: boolean;
}

export interface MenuLink extends MenuAccess {
  kind: 'link';
  labelKey: MessageKey;
  to: string;
}

export interface MenuGroup extends MenuAccess {
  kind: 'group';
  labelKey: MessageKey;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (labelKey: MessageKey, to: string, access: MenuAccess = {}): MenuLink => ({
  kind: 'link',
  labelKey,
  to,
  ...access,
});

/** The drawer menu of core §2 Layout, in its order. */
export const menuDefinition: readonly MenuEntry[] = [
  link('menu.dashboard', '/', { adminOnly: true }),
  link('menu.tickets', '/tickets'),
  link('menu.kanban', '/kanban', { planFlag: 'useKanban' }),
  link('menu.quickMessages', '/quick-messages'),
  link('menu.todoList', '/todolist'),
  link('menu.contacts', '/contacts'),
  link('menu.schedules', '/schedules', { planFlag: 'useSchedules' }),
  link('menu.tags', '/tags'),
  link('menu.internalChat', '/chats', { planFlag: 'useInternalChat' }),
  link('menu.helps', '/helps'),
  {
    kind: 'group',
    labelKey: 'menu.campaigns',
    adminOnly: true,
    planFlag: 'useCampaigns',
    campaignsFlag: true,
    items: [
      link('menu.campaignsList', '/campaigns'),
      link('menu.contactLists', '/contact-lists'),
      link('menu.campaignsConfig', '/campaigns-config'),
    ],
  },
  link('menu.announcements', '/announcements', { superOnly: true }),
  {
    kind: 'group',
    labelKey: 'menu.administration',
    adminOnly: true,
    items: [
      link('menu.prompts', '/prompts', { planFlag: 'useOpenAi' }),
      link('menu.integrations', '/queue-integration', { planFlag: 'useIntegrations' }),
      link('menu.connections', '/connections'),
      link('menu.files', '/files'),
      link('menu.queues', '/queues'),
      link('menu.users', '/users'),
      link('menu.messagesApi', '/messages-api', { planFlag: 'useExternalApi' }),
      link('menu.webhooks', '/webhooks'),
      link('menu.financial', '/financeiro'),
      link('menu.settings', '/settings'),
    ],
  },
];

/**
 * What a user of an expired or switched-off company sees: only the ways to pay, the subscription
 * and, for admins (GET /invoices/all is theirs), /financeiro with the invoices and their checkout.
 */
export const paymentOnlyMenu: readonly MenuEntry[] = [
  link('menu.subscription', '/subscription'),
  link('menu.financial', '/financeiro', { adminOnly: true }),
];

/** The paths such a user may open; every other private path goes to the first one. */
export const paymentOnlyPaths: readonly string[] = ['/subscription', '/financeiro'];

export interface MenuViewer {
  profile: string | undefined;
  isSuper: boolean;
  plan: PlanFlags | null | undefined;
  /** The company is expired or switched off and the viewer is not a super user. */
  paymentOnly?: boolean;
  /** The browser holds the `cshow` flag (written from the company's campaignsEnabled setting). */
  campaignsFlag?: boolean;
}

function allows(access: MenuAccess, viewer: MenuViewer): boolean {
  if (access.adminOnly && !isAdminProfile(viewer.profile)) return false;
  if (access.superOnly && !viewer.isSuper) return false;
  if (access.campaignsFlag && !viewer.campaignsFlag) return false;
  return access.planFlag === undefined || planAllows(viewer.plan, access.planFlag);
}

/** The entries this viewer may see; a group left without items is dropped. */
export function visibleMenu(entries: readonly MenuEntry[], viewer: MenuViewer): MenuEntry[] {
  if (viewer.paymentOnly) return paymentOnlyMenu.filter((entry) => allows(entry, viewer));
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (!allows(entry, viewer)) continue;
    if (entry.kind === 'link') {
      visible.push(entry);
      continue;
    }
    const items = entry.items.filter((item) => allows(item, viewer));
    if (items.length > 0) visible.push({ ...entry, items });
  }
  return visible;
}
