import { describe, expect, it } from 'vitest';
import { connectorCommandGroup, connectorCommandQueue } from '../src/entities/connector-command.ts';

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

  it("keeps session commands in the connection's group", () => {
    for (const type of ['startSession', 'stopSession', 'newQr', 'sandboxDrop', 'sandboxRestore', 'sandboxAck'] as const)
      expect(connectorCommandGroup({ ...connection, type, chat: '5511999990001' })).toBe('3:7');
  });

  it("groups a sandbox customer's messages by chat (the LID when the number is hidden), apart from the sends to it", () => {
    const first = connectorCommandGroup({ ...connection, type: 'sandboxInbound', from: '5511999990001' });
    expect(first).toBe('3:7:in:5511999990001');
    expect(connectorCommandGroup({ ...connection, type: 'sandboxInbound', from: '5511999990002' })).toBe(
      '3:7:in:5511999990002',
    );
    // With its LID but the number shown, the chat is still the number's.
    expect(
      connectorCommandGroup({ ...connection, type: 'sandboxInbound', from: '5511999990001', lid: '123456789012' }),
    ).toBe(first);
    expect(
      connectorCommandGroup({
        ...connection,
        type: 'sandboxInbound',
        from: '5511999990001',
        lid: '123456789012',
        hideNumber: true,
      }),
    ).toBe('3:7:in:123456789012');
    expect(first).not.toBe(connectorCommandGroup({ ...connection, type: 'sendMessage', to: '5511999990001' }));
    expect(first).not.toBe(connectorCommandGroup({ ...connection, type: 'sandboxDrop' }));
  });

  it('groups a lookup by the number or chat it asks about', () => {
    expect(connectorCommandGroup({ ...connection, type: 'checkNumber', number: '5511999990001' })).toBe(
      '3:7:5511999990001',
    );
    expect(
      connectorCommandGroup({ ...connection, type: 'profilePicture', chat: '5511999990002@s.whatsapp.net' }),
    ).toBe('3:7:5511999990002');
  });
});

describe('the queue of a connector command', () => {
  it('sends lookups on their own queue and everything else on the commands queue', () => {
    expect(connectorCommandQueue('checkNumber')).toBe('connector-lookups');
    expect(connectorCommandQueue('profilePicture')).toBe('connector-lookups');
    for (const type of ['sendMessage', 'deleteMessage', 'editMessage', 'markRead', 'startSession'] as const)
      expect(connectorCommandQueue(type)).toBe('connector-commands');
  });
});
