import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from './api/types.ts';
import { connectionsWarningVisible } from './connection-warning.ts';

const list = (...statuses: ConnectionStatus[]) => statuses.map((status) => ({ status }));

describe('connections menu badge (core §2 Layout)', () => {
  it('warns when any connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(
        connectionsWarningVisible({ isAdmin: true, checked: true, connections: list('CONNECTED', status) }),
      ).toBe(true);
    }
  });

  it('stays quiet when every connection is connected, or there is none', () => {
    expect(
      connectionsWarningVisible({
        isAdmin: true,
        checked: true,
        connections: list('CONNECTED', 'CONNECTED'),
      }),
    ).toBe(false);
    expect(connectionsWarningVisible({ isAdmin: true, checked: true, connections: [] })).toBe(false);
  });

  it('waits for the check after load and for the list', () => {
    expect(connectionsWarningVisible({ isAdmin: true, checked: false, connections: list('qrcode') })).toBe(
      false,
    );
    expect(connectionsWarningVisible({ isAdmin: true, checked: true, connections: undefined })).toBe(false);
  });

  it('is for admins only', () => {
    expect(
      connectionsWarningVisible({ isAdmin: false, checked: true, connections: list('DISCONNECTED') }),
    ).toBe(false);
  });
});
