/** A beta session on a fake socket, a memory table and recorded callbacks. */
import type { InboundEvent } from '@atende/shared/entities/inbound-message';
import { defaultBackoff } from '../src/backoff.ts';
import { systemClock, systemTimers } from '../src/ports.ts';
import { BetaSession, type BetaOptions } from '../src/providers/beta/beta-provider.ts';
import type { ProviderContext, StatusDetails } from '../src/providers/provider.ts';
import { TableCredentialStore } from '../src/table/credentials.ts';
import type { Lease } from '../src/table/leases.ts';
import { fakeSockets } from './fakes/fake-socket.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { memoryLogger, memoryMedia } from './helpers.ts';

export function betaHarness(
  options: { table?: MemoryTable; autoplay?: boolean; random?: () => number; beta?: BetaOptions } = {},
) {
  const table = options.table ?? new MemoryTable();
  const lease: Lease = { companyId: 1, whatsappId: 2, holder: 'task-a', fence: 1, expiresAt: 9_999_999_999 };
  if (!table.get('C#1', 'WLEASE#2'))
    table.put({ pk: 'C#1', sk: 'WLEASE#2', holder: 'task-a', fence: 1, expiresAt: 9_999_999_999 });
  const recorded = {
    qrs: [] as string[],
    statuses: [] as ({ status: string } & StatusDetails)[],
    inbound: [] as (InboundEvent | (() => Promise<InboundEvent | null>))[],
    cleared: 0,
    fenced: 0,
  };
  const log = memoryLogger();
  const media = memoryMedia();
  const credentials = new TableCredentialStore(
    table.client,
    table.tableName,
    1,
    2,
    () => lease,
    systemTimers,
    () => {
      recorded.fenced += 1;
    },
  );
  const context: ProviderContext = {
    companyId: 1,
    whatsappId: 2,
    credentials,
    media,
    table: { documents: table.client, tableName: table.tableName },
    callbacks: {
      onQr: (qr) => recorded.qrs.push(qr),
      onStatus: (status, details) => recorded.statuses.push({ status, ...details }),
      onInbound: async (event) => {
        recorded.inbound.push(event);
      },
      onCredentialsCleared: () => {
        recorded.cleared += 1;
      },
    },
    clock: systemClock,
    timers: systemTimers,
    random: options.random ?? (() => 0.5),
    backoff: defaultBackoff,
    log,
  };
  const sockets = fakeSockets(options.autoplay ?? true);
  const session = new BetaSession(context, { socketFactory: sockets.factory, ...options.beta });
  return {
    table,
    lease,
    recorded,
    log,
    media,
    sockets,
    session,
    context,
    /** The inbound events, with their work (media uploads) carried out. */
    async events(): Promise<InboundEvent[]> {
      const events = await Promise.all(
        recorded.inbound.map((entry) => (typeof entry === 'function' ? entry() : entry)),
      );
      return events.filter((event): event is InboundEvent => event !== null);
    },
    statusNames: () => recorded.statuses.map((s) => s.status),
  };
}
