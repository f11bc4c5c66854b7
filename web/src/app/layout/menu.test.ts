import { describe, expect, it } from 'vitest';
import { isPaymentOnly } from '../../lib/company-status.ts';
import { planAllows } from '../../lib/plan.ts';
import { menuDefinition, paymentOnlyPaths, visibleMenu, type MenuEntry, type MenuViewer } from './menu.ts';

/** The targets a viewer can reach, groups flattened as `group>target`. */
function targets(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.to] : entry.items.map((item) => `${entry.labelKey}>${item.to}`),
  );
}

const fullPlan = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

describe('planAllows', () => {
  it('counts a flag as on unless it is explicitly false', () => {
    expect(planAllows({ useKanban: true }, 'useKanban')).toBe(true);
    expect(planAllows({}, 'useKanban')).toBe(true);
    expect(planAllows(undefined, 'useKanban')).toBe(true);
    expect(planAllows({ useKanban: null }, 'useKanban')).toBe(true);
    expect(planAllows({ useKanban: false }, 'useKanban')).toBe(false);
  });
});

describe('visibleMenu', () => {
  it('shows an agent the common items only', () => {
    const viewer: MenuViewer = { profile: 'user', isSuper: false, plan: fullPlan };
    expect(targets(visibleMenu(menuDefinition, viewer))).toEqual([
      '/tickets',
      '/kanban',
      '/quick-messages',
      '/todolist',
      '/contacts',
      '/schedules',
      '/tags',
      '/chats',
      '/helps',
    ]);
  });

  it('adds the dashboard, campaigns and the admin group for an admin, whatever the case of the profile', () => {
    const viewer: MenuViewer = { profile: 'ADMIN', isSuper: false, plan: fullPlan, campaignsFlag: true };
    const visible = targets(visibleMenu(menuDefinition, viewer));
    expect(visible[0]).toBe('/');
    expect(visible).toContain('menu.campaigns>/campaigns');
    expect(visible).toContain('menu.administration>/connections');
    expect(visible).toContain('menu.administration>/prompts');
    expect(visible).not.toContain('/announcements');
  });

  it('shows the campaigns group only with the cshow flag, to admins, when the plan allows campaigns', () => {
    const campaigns = (viewer: MenuViewer) =>
      targets(visibleMenu(menuDefinition, viewer)).filter((target) => target.startsWith('menu.campaigns>'));
    expect(campaigns({ profile: 'admin', isSuper: false, plan: fullPlan, campaignsFlag: true })).toEqual([
      'menu.campaigns>/campaigns',
      'menu.campaigns>/contact-lists',
      'menu.campaigns>/campaigns-config',
    ]);
    expect(campaigns({ profile: 'admin', isSuper: false, plan: fullPlan })).toEqual([]);
    expect(campaigns({ profile: 'admin', isSuper: false, plan: fullPlan, campaignsFlag: false })).toEqual([]);
    expect(campaigns({ profile: 'user', isSuper: false, plan: fullPlan, campaignsFlag: true })).toEqual([]);
    expect(
      campaigns({
        profile: 'admin',
        isSuper: false,
        plan: { ...fullPlan, useCampaigns: false },
        campaignsFlag: true,
      }),
    ).toEqual([]);
  });

  it('shows announcements to super users', () => {
    const viewer: MenuViewer = { profile: 'user', isSuper: true, plan: fullPlan };
    expect(targets(visibleMenu(menuDefinition, viewer))).toContain('/announcements');
  });

  it('hides what the plan switches off explicitly', () => {
    const viewer: MenuViewer = {
      profile: 'admin',
      isSuper: false,
      plan: {
        useKanban: false,
        useCampaigns: false,
        useOpenAi: false,
        useExternalApi: false,
        useInternalChat: false,
        useSchedules: false,
      },
    };
    const visible = targets(visibleMenu(menuDefinition, viewer));
    expect(visible).not.toContain('/schedules');
    expect(visible).not.toContain('/kanban');
    expect(visible).not.toContain('/chats');
    expect(visible.some((target) => target.startsWith('menu.campaigns>'))).toBe(false);
    expect(visible).not.toContain('menu.administration>/prompts');
    expect(visible).not.toContain('menu.administration>/messages-api');
    expect(visible).toContain('menu.administration>/queue-integration');
  });

  it('shows only the ways to pay to a user of an expired company: /financeiro to admins', () => {
    const menuOf = (profile: string) =>
      targets(visibleMenu(menuDefinition, { profile, isSuper: false, plan: fullPlan, paymentOnly: true }));
    expect(menuOf('admin')).toEqual(['/subscription', '/financeiro']);
    expect(menuOf('user')).toEqual(['/subscription']);
  });

  it('lets a user of an expired company open the subscription and the invoices only', () => {
    expect(paymentOnlyPaths[0]).toBe('/subscription');
    expect([...paymentOnlyPaths].sort()).toEqual(['/financeiro', '/subscription']);
  });

  it('wires the expired check of the session user into the menu', () => {
    const now = new Date('2025-03-15T13:00:00Z');
    const company = { status: true, dueDate: '2025-03-01', plan: fullPlan };
    const viewerOf = (isSuper: boolean): MenuViewer => ({
      profile: 'admin',
      isSuper,
      plan: company.plan,
      paymentOnly: isPaymentOnly({ super: isSuper, company }, now),
    });
    expect(targets(visibleMenu(menuDefinition, viewerOf(false)))).toEqual(['/subscription', '/financeiro']);
    expect(targets(visibleMenu(menuDefinition, viewerOf(true)))).toContain('menu.administration>/settings');
  });

  it('shows plan features while the plan is unknown', () => {
    const viewer: MenuViewer = { profile: 'admin', isSuper: false, plan: undefined };
    expect(targets(visibleMenu(menuDefinition, viewer))).toContain('/kanban');
  });
});
