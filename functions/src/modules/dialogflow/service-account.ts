import { createPrivateKey } from 'node:crypto';
import { AppError } from '#domain/app-error';

/** The parts of a Google service-account key file the Dialogflow client signs its requests with. */
export interface ServiceAccount {
  type?: string;
  project_id?: string;
  private_key_id?: string;
  private_key: string;
  client_email: string;
}

/**
 * Reads an integration's `jsonContent` (the key file the Google console downloads). A text that
 * is not JSON, lacks client_email or private_key, or whose key is not a readable PEM private key
 * is the admin's mistake (ERR_DIALOGFLOW_CREDENTIALS, 400), caught here before any call so the
 * client library never fails on it half-way. The key itself never appears in the error.
 */
export function parseServiceAccount(jsonContent: string | null | undefined): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonContent ?? '');
  } catch {
    throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'not-json' });
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'not-json' });
  const account = parsed as Record<string, unknown>;
  const text = (key: string) =>
    typeof account[key] === 'string' && account[key] !== '' ? (account[key] as string) : undefined;
  const clientEmail = text('client_email');
  const privateKey = text('private_key');
  if (!clientEmail || !privateKey)
    throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'missing-fields' });
  if (text('type') && text('type') !== 'service_account')
    throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'not-service-account' });
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new AppError('ERR_DIALOGFLOW_CREDENTIALS', { reason: 'bad-private-key' });
  }
  // Only the fields the client signs with: the client signs its own JWTs, so token_uri and
  // universe_domain (always googleapis.com for Dialogflow ES) are not passed on.
  return {
    type: 'service_account',
    client_email: clientEmail,
    private_key: privateKey,
    ...(text('private_key_id') ? { private_key_id: text('private_key_id') } : {}),
    ...(text('project_id') ? { project_id: text('project_id') } : {}),
  };
}
