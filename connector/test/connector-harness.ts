/** Connectors ("tasks") on one memory table, with fake ports and fake Baileys sockets. */
import { startConnector, type Connector } from '../src/index.ts';
import { createBetaProvider } from '../src/providers/beta/beta-provider.ts';
import type { ManagerOptions } from '../src/sessions/session-manager.ts';
import { fakeSockets } from './fakes/fake-socket.ts';
import type { MemoryTable } from './fakes/memory-table.ts';
import { memoryInbound, memoryLogger, memoryMedia } from './helpers.ts';

export async function startTask(table: MemoryTable, holderId: string, options: Partial<ManagerOptions> = {}) {
  const inbound = memoryInbound();
  const media = memoryMedia();
  const log = memoryLogger();
  const sockets = fakeSockets();
  const connector: Connector = await startConnector({
    documents: table.client,
    tableName: table.tableName,
    inbound,
    media,
    holderId,
    log,
    random: () => 0.5,
    autoStart: false,
    options: { commandWaitMs: 1_000, drainMs: 1_000, ...options },
    providers: { beta: createBetaProvider({ socketFactory: sockets.factory }) },
  });
  return { connector, inbound, media, log, sockets };
}

export function seedConnection(
  table: MemoryTable,
  {
    companyId = 1,
    whatsappId = 2,
    provider = 'sandbox',
    running = false,
  }: { companyId?: number; whatsappId?: number; provider?: string; running?: boolean } = {},
): void {
  table.put({
    pk: `C#${companyId}`,
    sk: `WAPP#${whatsappId}`,
    __edb_e__: 'whatsapp',
    __edb_v__: '1',
    companyId,
    id: whatsappId,
    name: 'Demo',
    provider,
    status: 'DISCONNECTED',
    isDefault: true,
    token: 'token-1',
    gsi1pk: 'WAPPTOKEN#token-1',
    gsi1sk: 'WAPP',
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    ...(running ? { running: 'RUN', gsi2pk: 'WAPPS#RUN', gsi2sk: `C#${companyId}#W#${whatsappId}` } : {}),
  });
}

export function connection(table: MemoryTable, companyId = 1, whatsappId = 2) {
  return table.get(`C#${companyId}`, `WAPP#${whatsappId}`);
}

export function lease(table: MemoryTable, companyId = 1, whatsappId = 2) {
  return table.get(`C#${companyId}`, `WLEASE#${whatsappId}`);
}
