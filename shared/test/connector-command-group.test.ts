import { describe, expect, it } from 'vitest';
import { connectorCommandGroup } from '../src/entities/connector-command.ts';

const connection = { companyId: 3, whatsappId: 7 };

describe('the FIFO group of a connector command', () => {
  it("puts a chat's sends, deletes and read receipts in one group per chat, a number and its JID alike", () => {
    const send = connectorCommandGroup({ ...connection, type: 'sendMessage', to: '5511999990001' });
    expect(send).toBe('3:7:5511999990001');
    expect(
      connectorCommandGroup({ ...connection, type: 'deleteMessage', chat: '5511999990001@s.whatsapp.net' }),
    ).toBe(send);
    expect(
      connectorCommandGroup({ ...connection, type: 'markRead', chat: '5511999990001:12@s.whatsapp.net' }),
    ).toBe(send);
  });

  it('serves two chats of one connection side by side, and keeps companies apart', () => {
    expect(connectorCommandGroup({ ...connection, type: 'sendMessage', to: '5511999990002' })).not.toBe(
      connectorCommandGroup({ ...connection, type: 'sendMessage', to: '5511999990001' }),
    );
    expect(
      connectorCommandGroup({ companyId: 4, whatsappId: 7, type: 'sendMessage', to: '5511999990001' }),
    ).toBe('4:7:5511999990001');
  });

  it("keeps session commands and lookups in the connection's group", () => {
    for (const type of [
      'startSession',
      'stopSession',
      'newQr',
      'sandboxInbound',
      'checkNumber',
      'profilePicture',
    ] as const)
      expect(connectorCommandGroup({ ...connection, type, chat: '5511999990001' })).toBe('3:7');
  });
});
