/**
 * The sandbox's customer-side commands that depend on its drops (docs/sandbox.md, "Drops and held
 * messages"). A customer's message travels in its chat's FIFO group and a drop or restore in the
 * connection's, so the queue alone no longer orders a message after a drop posted before it: the
 * drop is recorded here when posted (AP-SB-2), a message posted while it is open carries its
 * number (`heldFor`, AP-SB-4) and the virtual phone holds it until the restore naming that drop
 * (AP-SB-3) has been carried out.
 */
import type { ConnectorCommand } from '@atende/shared/entities/connector-command';
import type { DisconnectReason } from '@atende/shared/entities/connection-health';
import { closeSandboxDrop, openSandboxDrop, openSandboxDropNumber } from '#data/sandbox-drops';
import { sendConnectorCommand } from '#modules/connector-commands/send';

type Inbound = Omit<Extract<ConnectorCommand, { type: 'sandboxInbound' }>, 'type' | 'commandId' | 'companyId' | 'whatsappId' | 'heldFor'>;

/** POST …/drop. A `logged-out` drop ends the pairing, with no restore to wait for: nothing is held for it. */
export async function postSandboxDrop(companyId: number, whatsappId: number, reason: DisconnectReason | undefined): Promise<void> {
  const drop = reason === 'logged-out' ? undefined : await openSandboxDrop(companyId, whatsappId);
  await sendConnectorCommand({
    type: 'sandboxDrop',
    companyId,
    whatsappId,
    ...(reason ? { reason } : {}),
    ...(drop ? { drop } : {}),
  });
}

/** POST …/restore: ends the open drop; the messages held for it arrive once the connector restores. */
export async function postSandboxRestore(companyId: number, whatsappId: number): Promise<void> {
  const drop = await closeSandboxDrop(companyId, whatsappId);
  await sendConnectorCommand({ type: 'sandboxRestore', companyId, whatsappId, ...(drop ? { drop } : {}) });
}

/** POST …/inbound: the message id makes the command's deduplication id too (the same id twice is a redelivery). */
export async function postSandboxInbound(companyId: number, whatsappId: number, message: Inbound): Promise<void> {
  const heldFor = await openSandboxDropNumber(companyId, whatsappId);
  await sendConnectorCommand({
    type: 'sandboxInbound',
    companyId,
    whatsappId,
    ...(message.id ? { commandId: `sandbox-inbound-${companyId}-${whatsappId}-${message.id}` } : {}),
    ...message,
    ...(heldFor ? { heldFor } : {}),
  });
}
