import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/app-error';
import { dialogflowEndpoint } from '#modules/dialogflow/client';
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

describe('dialogflowEndpoint', () => {
  it("is Google's unless DIALOGFLOW_API_ENDPOINT names another, with its scheme and port", () => {
    expect(dialogflowEndpoint('')).toBeUndefined();
    expect(dialogflowEndpoint(undefined)).toBeUndefined();
    expect(dialogflowEndpoint('http://127.0.0.1:4010')).toEqual({
      apiEndpoint: '127.0.0.1',
      port: 4010,
      protocol: 'http',
    });
    expect(dialogflowEndpoint('https://dialogflow.example.test')).toEqual({
      apiEndpoint: 'dialogflow.example.test',
      port: 443,
      protocol: 'https',
    });
  });
});
