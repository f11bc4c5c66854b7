/**
 * Baileys' AuthenticationState kept in the table through a fenced CredentialStore: the creds in
 * one item, each signal key in its own (the shape useMultiFileAuthState uses for files).
 * Buffers go through Baileys' BufferJSON; values over 64 KiB are gzipped, keeping large
 * app-state items under DynamoDB's 400 KB item limit.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import type { CredentialChange, CredentialStore } from '../../table/credentials.ts';
import type { BaileysLogger } from './baileys-logger.ts';

const gzipPrefix = 'gz:';
const gzipAboveChars = 64 * 1024;

export function encodeValue(value: unknown): string {
  const json = JSON.stringify(value, BufferJSON.replacer);
  return json.length > gzipAboveChars ? gzipPrefix + gzipSync(json).toString('base64') : json;
}

export function decodeValue<T>(text: string): T {
  const json = text.startsWith(gzipPrefix)
    ? gunzipSync(Buffer.from(text.slice(gzipPrefix.length), 'base64')).toString('utf8')
    : text;
  return JSON.parse(json, BufferJSON.reviver) as T;
}

export interface StoredAuth {
  state: AuthenticationState;
  /** Writes the (mutated in place by Baileys) creds. */
  saveCreds(): Promise<void>;
  /** Paired with a phone (a QR was scanned once). */
  registered(): boolean;
}

export async function loadAuthState(store: CredentialStore, logger?: BaileysLogger): Promise<StoredAuth> {
  const stored = await store.readCreds();
  const creds: AuthenticationCreds = stored ? decodeValue<AuthenticationCreds>(stored) : initAuthCreds();

  const keys: SignalKeyStore = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found = await store.readKeys(type, ids);
      const data: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of found) {
        let value: unknown = decodeValue(text);
        if (type === 'app-state-sync-key' && value) {
          value = proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
        }
        data[id] = value as SignalDataTypeMap[T];
      }
      return data;
    },
    set: async (data: SignalDataSet) => {
      const changes: CredentialChange[] = [];
      for (const type of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
        for (const [id, value] of Object.entries(data[type] ?? {})) {
          changes.push({ key: { kind: 'signal', type, id }, value: value ? encodeValue(value) : null });
        }
      }
      if (changes.length > 0) await store.write(changes);
    },
  };

  return {
    state: { creds, keys: makeCacheableSignalKeyStore(keys, logger) },
    saveCreds: () => store.write([{ key: { kind: 'creds' }, value: encodeValue(creds) }]),
    registered: () => Boolean(creds.me?.id),
  };
}
