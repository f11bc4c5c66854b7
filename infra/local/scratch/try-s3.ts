import { startLocalS3 } from '../src/s3.ts';
import { S3Client, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
const s = await startLocalS3({
  directory: '/tmp/scratch-s3',
  bucket: 'atende-media',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const c = new S3Client({
  endpoint: s.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
await c.send(
  new PutObjectCommand({ Bucket: 'atende-media', Key: 'a/b.txt', Body: 'hello', ContentType: 'text/plain' }),
);
const g = await c.send(new GetObjectCommand({ Bucket: 'atende-media', Key: 'a/b.txt' }));
console.log('get', await g.Body!.transformToString());
const put = await getSignedUrl(
  c,
  new PutObjectCommand({ Bucket: 'atende-media', Key: 'up.bin', ContentType: 'application/octet-stream' }),
  { expiresIn: 300 },
);
console.log(put);
const pr = await fetch(put, {
  method: 'PUT',
  body: new Uint8Array([1, 2, 3]),
  headers: { 'content-type': 'application/octet-stream' },
});
console.log('presigned put', pr.status, await pr.text());
const get = await getSignedUrl(c, new GetObjectCommand({ Bucket: 'atende-media', Key: 'up.bin' }), {
  expiresIn: 300,
});
const gr = await fetch(get, { headers: { origin: 'http://localhost:8080' } });
console.log(
  'presigned get',
  gr.status,
  gr.headers.get('access-control-allow-origin'),
  new Uint8Array(await gr.arrayBuffer()),
);
// stream body of unknown length
const { Readable } = await import('node:stream');
try {
  await c.send(
    new PutObjectCommand({
      Bucket: 'atende-media',
      Key: 'stream.bin',
      Body: Readable.from([Buffer.from('abc'), Buffer.from('def')]),
    }),
  );
  const g2 = await c.send(new GetObjectCommand({ Bucket: 'atende-media', Key: 'stream.bin' }));
  console.log('stream', await g2.Body!.transformToString());
} catch (e) {
  console.log('stream err', (e as Error).message);
}
c.destroy();
await s.stop();
