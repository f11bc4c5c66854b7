import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let cached: Promise<Uint8Array> | undefined;

/**
 * The JWT signing secret: JWT_SECRET locally (generated once under .data/), or the Secrets
 * Manager secret named by JWT_SECRET_ARN in AWS, fetched once per container.
 */
export function jwtSigningKey(): Promise<Uint8Array> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(): Promise<Uint8Array> {
  const inline = process.env.JWT_SECRET;
  if (inline) return new TextEncoder().encode(inline);
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Neither JWT_SECRET nor JWT_SECRET_ARN is set');
  const client = new SecretsManagerClient({});
  const answer = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!answer.SecretString) throw new Error('The JWT secret is empty');
  return new TextEncoder().encode(answer.SecretString);
}
