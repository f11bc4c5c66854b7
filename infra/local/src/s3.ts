/**
 * S3 stand-in: s3rver with its objects under <dataDir>/s3 and the media bucket created on start.
 * Media reaches the browser through presigned URLs that point straight at it, so the bucket
 * carries a CORS rule like the one the stack gives the real bucket (infra/lib/media-bucket.ts):
 * GET and HEAD from the SPA's origin, which locally is the gateway on a loopback address and a
 * port only known once it is bound (any port of localhost or 127.0.0.1).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>http://localhost:*</AllowedOrigin>
    <AllowedOrigin>http://127.0.0.1:*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>Range</AllowedHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Content-Type</ExposeHeader>
    <ExposeHeader>Content-Disposition</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

interface S3rverAccounts {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

/**
 * s3rver verifies SigV4 signatures against its own key registry, which only knows S3RVER/S3RVER;
 * registering the runtime's key pair there lets the handlers sign with the same credentials
 * they use for every other local service.
 */
function acceptCredentials(credentials: { accessKeyId: string; secretAccessKey: string }): void {
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account') as S3rverAccounts;
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
}

export async function startLocalS3(options: {
  directory: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  acceptCredentials(options.credentials);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: () => server.close(),
  };
}
