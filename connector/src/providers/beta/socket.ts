/**
 * The seam between the beta provider and Baileys: the provider needs only this slice of a
 * WASocket, and gets it from a factory, so tests drive it with a fake socket.
 */
import makeWASocket, {
  type AnyMessageContent,
  type BaileysEventMap,
  type BinaryNode,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type proto,
} from '@whiskeysockets/baileys';

export interface BaileysEvents {
  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
}

export interface BaileysSocket {
  ev: BaileysEvents;
  /** Raw frames: any one is traffic (optional in fakes). */
  ws?: { on(event: 'frame', listener: () => void): unknown };
  user: Contact | undefined;
  end(error: Error | undefined): Promise<void>;
  logout(message?: string): Promise<void>;
  query(node: BinaryNode, timeoutMs?: number): Promise<unknown>;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  /** Sends a raw message (the chatbot's lists and buttons, which sendMessage no longer builds). */
  relayMessage(jid: string, message: proto.IMessage, options: { messageId?: string }): Promise<string>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
}

export type SocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;

export const baileysSocketFactory: SocketFactory = (config) => makeWASocket(config);
