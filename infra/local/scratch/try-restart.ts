import { startDynamoLocal } from '../src/dynamo.ts';
import { ensureTable } from '../src/table.ts';
import { createRuntimeDynamoClients } from '../src/dynamo-clients.ts';
import { DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetShardIteratorCommand,
  GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
const d = await startDynamoLocal({ dbDir: '/tmp/scratch-ddb' });
const c = createRuntimeDynamoClients(d.endpoint);
console.log('created', await ensureTable(c.dynamo, 'atende'));
await c.dynamo.send(
  new PutItemCommand({ TableName: 'atende', Item: { pk: { S: 'a' }, sk: { S: 'c' + Date.now() } } }),
);
const t = await c.dynamo.send(new DescribeTableCommand({ TableName: 'atende' }));
const arn = t.Table!.LatestStreamArn!;
const s = await c.streams.send(new DescribeStreamCommand({ StreamArn: arn }));
console.log(arn, JSON.stringify(s.StreamDescription!.Shards));
for (const shard of s.StreamDescription!.Shards!) {
  const it = await c.streams.send(
    new GetShardIteratorCommand({
      StreamArn: arn,
      ShardId: shard.ShardId,
      ShardIteratorType: 'AFTER_SEQUENCE_NUMBER',
      SequenceNumber: '000000000000000000001',
    }),
  );
  let iter = it.ShardIterator;
  for (let i = 0; i < 3; i++) {
    const r = await c.streams.send(new GetRecordsCommand({ ShardIterator: iter }));
    console.log(
      r.Records?.map((x) => x.dynamodb?.SequenceNumber + ' ' + x.dynamodb?.Keys?.sk?.S),
      !!r.NextShardIterator,
    );
    iter = r.NextShardIterator;
  }
  // iterator reuse after a put
  await c.dynamo.send(new PutItemCommand({ TableName: 'atende', Item: { pk: { S: 'a' }, sk: { S: 'd' } } }));
  const t0 = performance.now();
  const r = await c.streams.send(new GetRecordsCommand({ ShardIterator: iter }));
  console.log(
    'after put',
    r.Records?.map((x) => x.dynamodb?.SequenceNumber),
    (performance.now() - t0).toFixed(1),
    'ms',
  );
  const t1 = performance.now();
  const r2 = await c.streams.send(new GetRecordsCommand({ ShardIterator: r.NextShardIterator }));
  console.log('empty', r2.Records?.length, (performance.now() - t1).toFixed(1), 'ms');
}
c.destroy();
await d.stop();
