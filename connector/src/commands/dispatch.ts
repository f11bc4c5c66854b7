/**
 * Carrying out one ConnectorCommand. 'done' deletes it from the queue; 'retry' leaves it for SQS
 * to redeliver (this task is stopping or at its session limit); 'elsewhere': another live task
 * holds the connection, the router relays it there (commands/router.ts).
 */
import type { ConnectorCommand, ConnectorReply } from '@atende/shared/entities/connector-command';
import { NotConnectedError, type ProviderSession, type QuotedMessage } from '../providers/provider.ts';
import { sleep, type Clock, type Logger, type Timers } from '../ports.ts';
import type { MessageStore } from '../table/messages.ts';
import type { ReplyStore } from '../table/replies.ts';
import type { SessionHandle } from '../sessions/handle.ts';
import type { RunResult, SessionManager } from '../sessions/session-manager.ts';

export type CommandOutcome = 'done' | 'retry' | 'elsewhere';

export interface DispatchDeps {
  manager: SessionManager;
  messages: MessageStore;
  replies: ReplyStore;
  clock: Clock;
  timers: Timers;
  log: Logger;
}

/** How often a send that found its message claimed looks again. */
const claimPollMs = 1_000;

/** Another task must carry it out (relayed to it), or this one later (SQS redelivers it). */
function retryIfElsewhere(result: RunResult): CommandOutcome {
  if (result === 'held-elsewhere') return 'elsewhere';
  return result === 'busy' ? 'retry' : 'done';
}

type LiveCommand = Extract<
  ConnectorCommand,
  {
    type:
      | 'sendMessage'
      | 'deleteMessage'
      | 'editMessage'
      | 'markRead'
      | 'checkNumber'
      | 'profilePicture'
      | 'rejectCall';
  }
>;

export async function dispatchCommand(
  command: ConnectorCommand,
  deps: DispatchDeps,
): Promise<CommandOutcome> {
  const { manager } = deps;
  const { companyId, whatsappId } = command;
  const now = () => new Date(deps.clock.now());
  switch (command.type) {
    case 'startSession': {
      if (!(await manager.connections.setRunning(companyId, whatsappId, true, now()))) return 'done';
      // Held elsewhere: it already runs there. Busy: `running` is set, a reconcile takes it.
      if ((await manager.run(companyId, whatsappId)) === 'running')
        manager.handleOf(companyId, whatsappId)?.session.retryNow();
      return 'done';
    }
    case 'newQr': {
      if (!(await manager.connections.setRunning(companyId, whatsappId, true, now()))) return 'done';
      return retryIfElsewhere(await manager.run(companyId, whatsappId, { fresh: true }));
    }
    case 'stopSession':
      return retryIfElsewhere(await manager.stopConnection(companyId, whatsappId));
    case 'sandboxScan':
    case 'sandboxInbound':
    case 'sandboxAck':
    case 'sandboxDrop':
    case 'sandboxExpireQr':
    case 'sandboxRestore': {
      const result = await manager.run(companyId, whatsappId, { requireRunning: true });
      const elsewhere = retryIfElsewhere(result);
      if (elsewhere !== 'done') return elsewhere;
      const handle = manager.handleOf(companyId, whatsappId);
      if (!handle?.session.sandbox) {
        deps.log.warn('sandbox command for a connection that is not a running sandbox; ignored', {
          companyId,
          whatsappId,
          type: command.type,
          result,
        });
        return 'done';
      }
      await handle.session.sandbox(command);
      return 'done';
    }
    default:
      return live(command, deps);
  }
}

/** A command that needs the connected session (started here if it should run and nobody runs it). */
async function live(command: LiveCommand, deps: DispatchDeps): Promise<CommandOutcome> {
  const { manager } = deps;
  const { companyId, whatsappId } = command;
  let handle = manager.handleOf(companyId, whatsappId);
  if (!handle) {
    const elsewhere = retryIfElsewhere(await manager.run(companyId, whatsappId, { requireRunning: true }));
    if (elsewhere !== 'done') return elsewhere;
    handle = manager.handleOf(companyId, whatsappId);
  }
  const connected = handle ? await manager.waitConnected(handle) : false;
  // Ended while this command waited for it (handed over to another task, its lease lost): the
  // task that runs the session now carries it out (or, if none does, the next dispatch says so).
  if (handle?.ended || handle?.closing) return 'elsewhere';
  const session = connected && handle ? handle.session : null;

  switch (command.type) {
    case 'sendMessage':
      return send(command, handle, session, deps);
    case 'checkNumber':
      return reply(command, deps, 'ERR_WAPP_CHECK_CONTACT', session, async (s) => ({
        type: 'checkNumber',
        ...(await s.checkNumber(command.number)),
      }));
    case 'profilePicture':
      return reply(command, deps, 'ERR_WAPP_NOT_INITIALIZED', session, async (s) => ({
        type: 'profilePicture',
        url: await s.profilePicture(command.chat),
      }));
    case 'deleteMessage': {
      const work = (s: ProviderSession) => s.deleteMessage(command);
      if (!command.replyKey) return bestEffort(command, deps, session, work);
      // The REST route waits for this answer and marks the message deleted only on success.
      return reply(
        { ...command, replyKey: command.replyKey },
        deps,
        'ERR_DELETE_WAPP_MSG',
        session,
        async (s) => {
          await work(s);
          await deps.messages.markDeleted(command.companyId, command.messageId, new Date(deps.clock.now()));
          return { type: 'deleteMessage', deleted: true };
        },
      );
    }
    case 'editMessage':
      // The REST route waits for this answer; the edit is stored only once WhatsApp took it.
      return reply(command, deps, 'ERR_EDIT_WAPP_MSG', session, async (s) => {
        const { editId } = await s.editMessage(command);
        await deps.messages.applyEdit(command.companyId, command.messageId, {
          body: command.body,
          at: new Date(deps.clock.now()),
          editId: editId ?? undefined,
        });
        return { type: 'editMessage', edited: true };
      });
    case 'markRead':
      return bestEffort(command, deps, session, (s) => s.markRead(command));
    case 'rejectCall':
      return bestEffort(command, deps, session, (s) => s.rejectCall(command));
  }
}

async function send(
  command: Extract<ConnectorCommand, { type: 'sendMessage' }>,
  handle: SessionHandle | undefined,
  session: ProviderSession | null,
  deps: DispatchDeps,
): Promise<CommandOutcome> {
  const { companyId, messageId } = command;
  const now = () => new Date(deps.clock.now());
  let claimedAt = now();
  let claim = await deps.messages.claimSend(companyId, messageId, claimedAt);
  if (claim === 'in-hand') {
    // A redelivery while its first run may still be sending it (or a run that died after its
    // claim): wait here until that run records the result or its claim lapses. Waiting rather
    // than going back to the queue keeps the connection's order and spends no receives.
    deps.log.info('sendMessage claimed by another run; waiting for its result', { companyId, messageId });
    while (claim === 'in-hand') {
      await sleep(deps.timers, claimPollMs);
      claimedAt = now();
      claim = await deps.messages.claimSend(companyId, messageId, claimedAt);
    }
  }
  if (claim === 'sent') {
    deps.log.info('sendMessage already carried out (a redelivery); skipped', { companyId, messageId });
    return 'done';
  }
  let quoted: QuotedMessage | null = null;
  if (command.quotedMessageId) {
    const original = await deps.messages.get(companyId, command.quotedMessageId);
    quoted = original
      ? { id: original.id, fromMe: original.fromMe, body: original.body, participant: original.participant }
      : { id: command.quotedMessageId, fromMe: false, body: '', participant: null };
  }
  const message = {
    messageId,
    to: command.to,
    body: command.body,
    media: command.media ?? null,
    quoted,
    menu: command.menu ?? null,
  };
  let current = session;
  for (let attempt = 0; attempt < 2 && current; attempt += 1) {
    try {
      await current.sendMessage(message);
      await deps.messages.markSent(companyId, command.whatsappId, messageId, now());
      deps.log.info('message sent', keysOf(command));
      return 'done';
    } catch (error) {
      deps.log.warn('sendMessage failed', { ...keysOf(command), attempt, error });
      if (handle?.ended) break;
      // The socket dropped under us (or is being closed: a hand-over ends the handle once the
      // socket is shut): give it one more chance to come back, or to end.
      const dropped = error instanceof NotConnectedError || handle?.closing || handle?.status !== 'CONNECTED';
      current = dropped && handle && (await deps.manager.waitConnected(handle)) ? handle.session : null;
    }
  }
  if (handle?.ended || handle?.closing) {
    // The session ended here under the send (handed over, its lease lost): not a failure of the
    // message. The claim goes back and the task that runs the session now sends it, with the
    // same id (WhatsApp keeps one copy of an id it already has).
    if (claim === 'claimed') await deps.messages.releaseSend(companyId, messageId, claimedAt);
    deps.log.info('sendMessage handed on: its session ended here', keysOf(command));
    return 'elsewhere';
  }
  await deps.messages.markFailed(companyId, messageId, now());
  deps.log.warn('message not sent', keysOf(command));
  return 'done';
}

/** A send's correlation keys for its log lines: the same names the functions log. */
function keysOf(command: Extract<ConnectorCommand, { type: 'sendMessage' }>): Record<string, unknown> {
  return {
    correlationId: command.correlationId,
    companyId: command.companyId,
    connectionId: command.whatsappId,
    ticketId: command.ticketId,
    messageId: command.messageId,
  };
}

async function reply(
  command: Extract<
    ConnectorCommand,
    { type: 'checkNumber' | 'profilePicture' | 'deleteMessage' | 'editMessage' }
  > & {
    replyKey: string;
  },
  deps: DispatchDeps,
  failureCode: string,
  session: ProviderSession | null,
  work: (session: ProviderSession) => Promise<ConnectorReply>,
): Promise<CommandOutcome> {
  let answer: ConnectorReply;
  if (!session) {
    answer = { type: 'error', error: 'ERR_WAPP_NOT_INITIALIZED' };
  } else {
    try {
      answer = await work(session);
    } catch (error) {
      deps.log.warn(`${command.type} failed`, { error, companyId: command.companyId });
      answer = { type: 'error', error: failureCode };
    }
  }
  await deps.replies.put(command.companyId, command.replyKey, answer, deps.clock.now());
  return 'done';
}

async function bestEffort(
  command: LiveCommand,
  deps: DispatchDeps,
  session: ProviderSession | null,
  work: (session: ProviderSession) => Promise<void>,
): Promise<CommandOutcome> {
  if (!session) {
    deps.log.warn(`${command.type} dropped: the session is not connected`, {
      companyId: command.companyId,
      whatsappId: command.whatsappId,
    });
    return 'done';
  }
  try {
    await work(session);
  } catch (error) {
    deps.log.warn(`${command.type} failed`, {
      error,
      companyId: command.companyId,
      whatsappId: command.whatsappId,
    });
  }
  return 'done';
}
