import { describe, expect, it } from 'vitest';
import { applyConnectionAlertEvent } from './connection-alerts.ts';

const drop = { whatsappId: 1, name: 'Ventas', kind: 'drop' as const, reason: 'connection-lost' as const, openedAt: '2026-01-01T10:00:00.000Z' };

describe('applyConnectionAlertEvent', () => {
  it('adds an opened alert once and removes a closed one', () => {
    const opened = applyConnectionAlertEvent([], { action: 'create', alert: drop });
    expect(opened).toEqual([drop]);
    expect(applyConnectionAlertEvent(opened, { action: 'create', alert: drop })).toEqual([drop]);
    const silent = { ...drop, kind: 'silent' as const, reason: null };
    expect(applyConnectionAlertEvent(opened, { action: 'create', alert: silent })).toEqual([drop, silent]);
    expect(applyConnectionAlertEvent(opened, { action: 'delete', alert: drop })).toEqual([]);
  });

  it('leaves the list alone for what it does not understand, and before the list is read', () => {
    expect(applyConnectionAlertEvent([drop], { action: 'update', alert: drop })).toEqual([drop]);
    expect(applyConnectionAlertEvent([drop], { action: 'delete' })).toEqual([drop]);
    expect(applyConnectionAlertEvent(undefined, { action: 'create', alert: drop })).toBeUndefined();
  });
});
