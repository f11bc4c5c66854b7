import { describe, expect, it } from 'vitest';
import {
  actsAsAdmin,
  homePathFor,
  mayChangeQuickMessage,
  mayDeleteTag,
  mayDeleteUser,
  mayManageQueues,
} from './screen-access.ts';

const agent = { id: 7, profile: 'user' };
const admin = { id: 1, profile: 'ADMIN' };
const supervisor = { id: 3, profile: 'supervisor' };
const superAgent = { id: 9, profile: 'user', super: true };

describe('screen access', () => {
  it('lands admins on the dashboard and everyone else on the inbox', () => {
    expect(homePathFor(admin)).toBe('/');
    expect(homePathFor({ profile: 'admin' })).toBe('/');
    expect(homePathFor(agent)).toBe('/tickets');
    expect(homePathFor(supervisor)).toBe('/tickets');
    expect(homePathFor(undefined)).toBe('/tickets');
  });

  it('lets only admins and super users manage queues', () => {
    expect(mayManageQueues(admin)).toBe(true);
    expect(mayManageQueues(superAgent)).toBe(true);
    expect(mayManageQueues(agent)).toBe(false);
    expect(mayManageQueues(supervisor)).toBe(false);
    expect(mayManageQueues(undefined)).toBe(false);
    expect(actsAsAdmin(undefined)).toBe(false);
  });

  it('lets an agent delete only their own tag that is not a kanban lane', () => {
    expect(mayDeleteTag(agent, { userId: 7, kanban: 0 })).toBe(true);
    expect(mayDeleteTag(agent, { userId: 7, kanban: 1 })).toBe(false);
    expect(mayDeleteTag(agent, { userId: 8, kanban: 0 })).toBe(false);
    expect(mayDeleteTag(agent, { userId: null })).toBe(false);
    expect(mayDeleteTag(admin, { userId: 8, kanban: 1 })).toBe(true);
    expect(mayDeleteTag(supervisor, { userId: 8, kanban: 1 })).toBe(true);
    expect(mayDeleteTag(superAgent, { userId: 8, kanban: 1 })).toBe(true);
    expect(mayDeleteTag(undefined, { userId: 7 })).toBe(false);
  });

  it('lets the author or an admin change a quick message', () => {
    expect(mayChangeQuickMessage(agent, { userId: 7 })).toBe(true);
    expect(mayChangeQuickMessage(agent, { userId: 8 })).toBe(false);
    expect(mayChangeQuickMessage(admin, { userId: 8 })).toBe(true);
    expect(mayChangeQuickMessage(supervisor, { userId: 8 })).toBe(false);
    expect(mayChangeQuickMessage(undefined, { userId: 8 })).toBe(false);
  });

  it("never offers deleting one's own user, nor a super user to a non-super admin", () => {
    expect(mayDeleteUser(admin, { id: 1 })).toBe(false);
    expect(mayDeleteUser(admin, { id: 7 })).toBe(true);
    expect(mayDeleteUser(admin, { id: 9, super: true })).toBe(false);
    expect(mayDeleteUser(superAgent, { id: 1 })).toBe(true);
    expect(mayDeleteUser(superAgent, { id: 9, super: true })).toBe(false);
    expect(mayDeleteUser(agent, { id: 1 })).toBe(false);
    expect(mayDeleteUser(undefined, { id: 1 })).toBe(false);
  });
});
