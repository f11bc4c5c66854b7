import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/app-error';
import { jwtVerify } from 'jose';
import { accessTokenFor, dialogflowBaseUrl } from '#modules/dialogflow/client';
import { parseServiceAccount } from '#modules/dialogflow/service-account';

const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const keyFile = {
  type: 'service_account',
  project_id: 'agente-1',
  private_key_id: 'abc123',
  private_key: privateKey,
  client_email: 'bot@agente-1.iam.gserviceaccount.com',
  client_id: '1',
  token_uri: 'https://oauth2.googleapis.com/token',
  universe_domain: 'googleapis.com',
};

function reasonOf(jsonContent: string | null | undefined): unknown {
  try {
    parseServiceAccount(jsonContent);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ERR_DIALOGFLOW_CREDENTIALS');
    expect(JSON.stringify((error as AppError).details)).not.toContain('PRIVATE KEY');
    return (error as AppError).details?.reason;
  }
  return 'accepted';
}

describe('parseServiceAccount', () => {
  it('keeps only the fields the client signs with', () => {
    expect(parseServiceAccount(JSON.stringify(keyFile))).toEqual({
      type: 'service_account',
      client_email: keyFile.client_email,
      private_key: privateKey,
      private_key_id: 'abc123',
      project_id: 'agente-1',
    });
  });

  it('refuses what is not a service-account key file, saying why and never echoing the key', () => {
    expect(reasonOf('')).toBe('not-json');
    expect(reasonOf(undefined)).toBe('not-json');
    expect(reasonOf('{nope')).toBe('not-json');
    expect(reasonOf('"text"')).toBe('not-json');
    expect(reasonOf(JSON.stringify({ ...keyFile, client_email: '' }))).toBe('missing-fields');
    expect(reasonOf(JSON.stringify({ client_email: keyFile.client_email }))).toBe('missing-fields');
    expect(reasonOf(JSON.stringify({ ...keyFile, type: 'authorized_user' }))).toBe('not-service-account');
    expect(reasonOf(JSON.stringify({ ...keyFile, private_key: privateKey.slice(0, 200) }))).toBe(
      'bad-private-key',
    );
    expect(reasonOf(JSON.stringify({ ...keyFile, type: undefined }))).toBe('accepted');
  });
});

describe('dialogflowBaseUrl', () => {
  it("is Google's unless DIALOGFLOW_API_ENDPOINT names another, with its scheme and port", () => {
    expect(dialogflowBaseUrl('')).toBe('https://dialogflow.googleapis.com');
    expect(dialogflowBaseUrl(undefined)).toBe('https://dialogflow.googleapis.com');
    expect(dialogflowBaseUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(dialogflowBaseUrl('https://dialogflow.example.test/')).toBe('https://dialogflow.example.test');
  });
});

describe('accessTokenFor', () => {
  it("signs Google's self-signed service-account JWT and reuses it until five minutes before it expires", async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = {
      client_email: 'bot@p.iam.gserviceaccount.com',
      private_key_id: 'kid-1',
      private_key: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const now = Date.UTC(2026, 10, 28, 8, 0, 0);
    const token = await accessTokenFor(account, now);
    const { payload, protectedHeader } = await jwtVerify(token, pair.publicKey, {
      currentDate: new Date(now),
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
    expect(payload).toMatchObject({
      iss: account.client_email,
      sub: account.client_email,
      iat: now / 1000,
      exp: now / 1000 + 3600,
    });
    expect(String(payload.scope).split(' ')).toContain('https://www.googleapis.com/auth/dialogflow');
    expect(await accessTokenFor(account, now + 54 * 60_000)).toBe(token);
    expect(await accessTokenFor(account, now + 56 * 60_000)).not.toBe(token);
  });
});
