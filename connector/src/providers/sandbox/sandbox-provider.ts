/**
 * The `sandbox` provider: a virtual phone, no network. It shows a QR until `sandboxScan`, then is
 * CONNECTED as 5500000000000; its customers are played through the sandbox* commands, and what
 * the business sends is recorded in the table (the outbox read by GET /api/sandbox/{id}/outbox).
 * Its "credentials" are one small item, so a paired sandbox survives a connector restart without
 * a new QR, exactly like a real session. `sandboxDrop` behaves like a dropped socket: OPENING and
 * reconnection attempts on the usual backoff, none succeeding until `sandboxRestore`; customer
 * messages sent meanwhile wait, as WhatsApp would hold them, and arrive on restore.
 *
 * Held messages (docs/sandbox.md, "Drops and held messages"): customer messages travel in their
 * chat's FIFO group, drops and restores in the connection's, so a message posted after a drop may
 * be carried out here before it. The REST route stamps such a message with the drop's number
 * (`heldFor`), and it is held while that drop is not yet restored here, as is any message while
 * dropped and any later message of a chat with a message held (each chat's order). A restore
 * releases the held messages in arrival order, up to the drop it names.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backoffDelay } from '../../backoff.ts';
import { maskPhone } from '../../ports.ts';
import { jidUser, toJid } from '../../jid.ts';
import { isConditionFailure } from '../../table/errors.ts';
import {
  companyPk,
  messageKey,
  sandboxOutboxKey,
  sandboxOutboxPrefix,
} from '../../table/keys.ts';
import {
  NotConnectedError,
  type OutgoingMessage,
  type ProviderContext,
  type ProviderFactory,
  type ProviderSession,
  type SandboxCommand,
} from '../provider.ts';
import { sandboxInboundEvent, type SandboxInbound } from './sandbox-inbound.ts';
import { sandboxInboundChat } from '@atende/shared/entities/connector-command';
import type { DisconnectReason } from '@atende/shared/entities/connection-health';

export const sandboxNumber = '5500000000000';
/** A message whose text holds this is one the sandbox refuses to delete. */
export const sandboxUndeletableMark = '[no-borrar]';
/** A message whose text holds this is one the sandbox refuses to edit. */
export const sandboxUneditableMark = '[no-editar]';
const outboxTtlSeconds = 30 * 24 * 3600;

type State = 'stopped' | 'qrcode' | 'connected' | 'dropped';

export function createSandboxProvider(): ProviderFactory {
  return (context) => new SandboxSession(context);
}

function newMessageId(): string {
  // Shaped like a WhatsApp Web id.
  return `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
}

function mediaTypeOf(mimetype: string): string {
  const major = mimetype.split('/')[0];
  return major === 'image' || major === 'audio' || major === 'video' ? major : 'application';
}

export class SandboxSession implements ProviderSession {
  private state: State = 'stopped';
  private attempt = 0;
  private retryTimer: unknown = undefined;
  private readonly held: SandboxInbound[] = [];
  /**
   * The highest drop number that is over here: restored, or carried out while the phone was not
   * connected (a drop that did nothing holds nothing). A message stamped with a higher one waits.
   */
  private settledDrop = 0;
  /** Chat of each message the business sent, for acks. */
  private readonly sentTo = new Map<string, string>();

  constructor(private readonly ctx: ProviderContext) {}

  async start(): Promise<void> {
    const stored = await this.ctx.credentials.readCreds();
    const paired = stored !== null && (JSON.parse(stored) as { paired?: boolean }).paired === true;
    if (paired) this.connect();
    else this.showQr();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.clearRetry();
  }

  async logout(): Promise<void> {
    await this.stop();
  }

  retryNow(): void {
    // A dropped sandbox stays down until sandboxRestore.
  }

  async sandbox(command: SandboxCommand): Promise<void> {
    switch (command.type) {
      case 'sandboxScan':
        return this.scan();
      case 'sandboxInbound':
        return this.inbound(command);
      case 'sandboxAck':
        return this.ack(command.id, command.ack);
      case 'sandboxDrop':
        return this.drop(command.reason ?? 'connection-lost', command.drop);
      case 'sandboxExpireQr':
        return this.expireQr();
      case 'sandboxRestore':
        return this.restore(command.drop);
    }
  }

  // ------------------------------------------------------------------ the virtual phone

  private showQr(): void {
    this.state = 'qrcode';
    this.ctx.callbacks.onQr(
      `sandbox:${this.ctx.companyId}:${this.ctx.whatsappId}:${randomBytes(12).toString('hex')}`,
    );
  }

  private connect(): void {
    this.state = 'connected';
    this.attempt = 0;
    this.ctx.callbacks.onStatus('CONNECTED', { number: sandboxNumber, retries: 0 });
  }

  private async scan(): Promise<void> {
    if (this.state !== 'qrcode') return;
    this.ctx.callbacks.onStatus('PAIRING');
    await this.ctx.credentials.write([
      { key: { kind: 'creds' }, value: JSON.stringify({ paired: true, number: sandboxNumber }) },
    ]);
    if (this.state === 'qrcode') {
      this.connect();
      this.release(this.settledDrop);
    }
  }

  /**
   * The socket drops with a simulated reason (docs/sandbox.md): `logged-out` is the phone
   * unlinking the device (pairing forgotten, DISCONNECTED, as Baileys' 401); a QR expiry is
   * `sandboxExpireQr`; anything else reconnects on the backoff until `sandboxRestore`.
   */
  private async drop(reason: DisconnectReason, drop: number | undefined): Promise<void> {
    if (this.state !== 'connected') {
      // Nothing to drop (not paired, or dropped already): held only for a drop that happened.
      if (drop !== undefined && this.state !== 'dropped') this.settle(drop);
      return;
    }
    if (reason === 'logged-out') {
      this.state = 'stopped';
      this.ctx.callbacks.onStatus('DISCONNECTED', { retries: 0, reason });
      await this.ctx.credentials.clear();
      this.ctx.callbacks.onCredentialsCleared();
      return;
    }
    this.state = 'dropped';
    this.attempt = 0;
    this.ctx.callbacks.onStatus('OPENING', { retries: 0, reason: reason === 'qr-expired' ? 'connection-lost' : reason });
    this.scheduleRetry();
  }

  /** The QR shown is never scanned: the attempt ends as TIMEOUT (qr-expired), as Baileys' end of its QR codes. */
  private expireQr(): void {
    if (this.state !== 'qrcode') return;
    this.state = 'stopped';
    this.ctx.callbacks.onStatus('TIMEOUT', { reason: 'qr-expired' });
  }

  /** Reconnection attempts on the usual backoff; each fails while the sandbox is dropped. */
  private scheduleRetry(): void {
    const delay = backoffDelay(this.attempt, this.ctx.backoff, this.ctx.random);
    this.retryTimer = this.ctx.timers.setTimeout(() => {
      this.retryTimer = undefined;
      if (this.state !== 'dropped') return;
      this.attempt += 1;
      this.ctx.log.debug('sandbox reconnection attempt failed (dropped)', { attempt: this.attempt });
      this.ctx.callbacks.onStatus('OPENING', { retries: this.attempt });
      this.scheduleRetry();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) this.ctx.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /**
   * Ends the drop numbered `drop` (every held message, for a restore without a number, which a
   * command queued by an older REST function is): reconnects if dropped, then releases.
   */
  private restore(drop: number | undefined): void {
    if (drop !== undefined) this.settledDrop = Math.max(this.settledDrop, drop);
    if (this.state === 'dropped') {
      this.clearRetry();
      this.connect();
    }
    this.release(drop ?? Number.MAX_SAFE_INTEGER);
  }

  /** A drop that found nothing to drop is over at once: what was held for it is handed on (or ignored, unpaired). */
  private settle(drop: number): void {
    this.settledDrop = Math.max(this.settledDrop, drop);
    this.release(this.settledDrop);
  }

  /**
   * Hands on, in arrival order, the held messages whose drop is over (`upTo` or before); a
   * message waiting for a later drop keeps the later messages of its chat waiting behind it.
   */
  private release(upTo: number): void {
    if (this.state === 'dropped') return;
    const waiting = new Set<string>();
    const kept: SandboxInbound[] = [];
    for (const command of this.held.splice(0)) {
      const chat = sandboxInboundChat(command);
      if ((command.heldFor ?? 0) > upTo || waiting.has(chat)) {
        waiting.add(chat);
        kept.push(command);
      } else if (this.state === 'connected') {
        // In order: the outbox builds what it is handed in push order.
        void this.emitInbound(command);
      } else {
        this.ctx.log.warn('held sandbox inbound dropped: the sandbox phone is not paired', {
          from: maskPhone(command.from),
        });
      }
    }
    this.held.push(...kept);
  }

  /** Held: while dropped, for a drop not yet over here, or behind a held message of its chat. */
  private mustHold(command: SandboxInbound): boolean {
    if (this.state === 'dropped' || (command.heldFor ?? 0) > this.settledDrop) return true;
    const chat = sandboxInboundChat(command);
    return this.held.some((held) => sandboxInboundChat(held) === chat);
  }

  private async inbound(command: SandboxInbound): Promise<void> {
    if (this.mustHold(command)) {
      this.held.push(command);
      return;
    }
    if (this.state !== 'connected') {
      this.ctx.log.warn('sandbox inbound ignored: the sandbox phone is not paired', { from: maskPhone(command.from) });
      return;
    }
    // The command leaves the queue only once its message is in the inbound queue (or the
    // spool): a task killed in between gets it again, as WhatsApp redelivers what it did not
    // see taken.
    await this.emitInbound(command);
  }

  private emitInbound(command: SandboxInbound): Promise<void> {
    return this.ctx.callbacks.onInbound(() =>
      sandboxInboundEvent(command, {
        companyId: this.ctx.companyId,
        whatsappId: this.ctx.whatsappId,
        nowMs: this.ctx.clock.now(),
        media: this.ctx.media,
        newMessageId,
      }),
    );
  }

  private async ack(messageId: string, ack: number): Promise<void> {
    const chatJid = this.sentTo.get(messageId) ?? (await this.findSentChat(messageId));
    if (!chatJid) {
      this.ctx.log.warn('sandbox ack for a message the sandbox never sent; ignored', { messageId });
      return;
    }
    await this.ctx.callbacks.onInbound({
      kind: 'ack',
      whatsappId: this.ctx.whatsappId,
      companyId: this.ctx.companyId,
      chatJid,
      isGroup: chatJid.endsWith('@g.us'),
      timestamp: new Date(this.ctx.clock.now()).toISOString(),
      messageId,
      ack: ack as 1 | 2 | 3 | 4 | 5,
    });
  }

  private async findSentChat(messageId: string): Promise<string | null> {
    const { documents, tableName } = this.ctx.table;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': companyPk(this.ctx.companyId),
            ':prefix': sandboxOutboxPrefix(this.ctx.whatsappId),
          },
          ExclusiveStartKey: startKey,
        }),
      );
      const item = page.Items?.find((candidate) => candidate.id === messageId);
      if (item) return toJid(String(item.to));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return null;
  }

  // ------------------------------------------------------------------ the business's side

  private requireConnected(): void {
    if (this.state !== 'connected') throw new NotConnectedError(`sandbox ${this.state}`);
  }

  async sendMessage(message: OutgoingMessage): Promise<void> {
    this.requireConnected();
    const jid = toJid(message.to);
    const to = jidUser(jid);
    // Like checkNumber: a number starting with 999 is not on WhatsApp, so sending to it fails
    // (the message shows the send error), for tests and demonstrations of a failed send.
    if (to.startsWith('999')) throw new Error(`sandbox: ${to} is not on WhatsApp`);
    const nowMs = this.ctx.clock.now();
    const sentAt = new Date(nowMs).toISOString();
    const expiresAt = Math.floor(nowMs / 1000) + outboxTtlSeconds;
    const { tableName } = this.ctx.table;
    try {
      // One item per message id, put only if absent: a repeated id is dropped, as a phone does.
      await this.ctx.table.documents.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...sandboxOutboxKey(this.ctx.companyId, this.ctx.whatsappId, to, message.messageId),
            to,
            id: message.messageId,
            body: message.body,
            ...(message.media
              ? {
                  mediaType: mediaTypeOf(message.media.mimetype),
                  mediaKey: message.media.key,
                  mimetype: message.media.mimetype,
                }
              : {}),
            ...(message.media?.fileName ? { fileName: message.media.fileName } : {}),
            ...(message.quoted ? { quotedId: message.quoted.id } : {}),
            // The virtual phone shows a menu as the list or buttons it is (GET …/outbox).
            ...(message.menu && !message.media ? { menu: message.menu } : {}),
            sentAt,
            expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      this.ctx.log.info('sandbox: a message id delivered before was sent again; dropped', {
        companyId: this.ctx.companyId,
        whatsappId: this.ctx.whatsappId,
        messageId: message.messageId,
      });
    }
    this.sentTo.set(message.messageId, jid);
  }

  /**
   * Deletes for everyone, as WhatsApp does, except a message whose text holds `[no-borrar]`: the
   * sandbox refuses it the way WhatsApp refuses a delete it will not carry out (too old, say), so
   * tests and demonstrations can show the refusal (docs/sandbox.md).
   */
  async deleteMessage(input: { messageId: string }): Promise<void> {
    this.requireConnected();
    const { Item } = await this.ctx.table.documents.send(
      new GetCommand({
        TableName: this.ctx.table.tableName,
        Key: messageKey(this.ctx.companyId, input.messageId),
      }),
    );
    if (typeof Item?.body === 'string' && Item.body.includes(sandboxUndeletableMark))
      throw new Error('sandbox: WhatsApp refused to delete this message');
  }

  /**
   * Edits for everyone, as WhatsApp does: the customer's copy in the outbox gets the new text and
   * `editedAt`. Refused, as WhatsApp refuses an edit it will not carry out, for a message whose
   * text holds `[no-editar]` and for one the customer never received (docs/sandbox.md).
   */
  async editMessage(input: { chat: string; messageId: string; body: string }): Promise<{ editId: string | null }> {
    this.requireConnected();
    const to = jidUser(toJid(input.chat));
    const { documents, tableName } = this.ctx.table;
    let delivered: Record<string, unknown> | undefined;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': companyPk(this.ctx.companyId),
            ':prefix': `${sandboxOutboxPrefix(this.ctx.whatsappId)}${to}#`,
          },
          ExclusiveStartKey: startKey,
        }),
      );
      delivered = page.Items?.find((item) => item.id === input.messageId);
      startKey = delivered ? undefined : page.LastEvaluatedKey;
    } while (startKey);
    if (!delivered) throw new Error('sandbox: the customer never received this message');
    if (typeof delivered.body === 'string' && delivered.body.includes(sandboxUneditableMark))
      throw new Error('sandbox: WhatsApp refused to edit this message');
    await documents.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: delivered.pk, sk: delivered.sk },
        UpdateExpression: 'SET #body = :body, #editedAt = :editedAt',
        ExpressionAttributeNames: { '#body': 'body', '#editedAt': 'editedAt' },
        ExpressionAttributeValues: {
          ':body': input.body,
          ':editedAt': new Date(this.ctx.clock.now()).toISOString(),
        },
      }),
    );
    return { editId: newMessageId() };
  }

  async markRead(): Promise<void> {
    this.requireConnected();
  }

  /**
   * Every number is on WhatsApp except those starting with 999 (a country code no one has), so
   * tests and demonstrations can show both answers (docs/sandbox.md).
   */
  async checkNumber(number: string): Promise<{ exists: boolean; jid: string | null }> {
    this.requireConnected();
    if (number.startsWith('999')) return { exists: false, jid: null };
    return { exists: true, jid: toJid(number) };
  }

  async profilePicture(): Promise<string | null> {
    this.requireConnected();
    return null;
  }

  async rejectCall(): Promise<void> {
    this.requireConnected();
  }
}
