import type { Whatsapp } from './api/types.ts';

/** A connection with every field filled in, for the tests. */
export function connection(id: number, overrides: Partial<Whatsapp> = {}): Whatsapp {
  return {
    id,
    name: `Conexión ${id}`,
    status: 'CONNECTED',
    isDefault: false,
    qrcode: '',
    retries: 0,
    provider: 'beta',
    number: null,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    timeToTransfer: null,
    transferQueueId: null,
    promptId: null,
    queueIds: [],
    updatedAt: '2025-01-01T10:00:00.000Z',
    lastDisconnectAt: null,
    lastDisconnectReason: null,
    silenceMinutes: 60,
    ...overrides,
  };
}
