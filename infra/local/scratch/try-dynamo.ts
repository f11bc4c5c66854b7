import { startDynamoLocal } from '../src/dynamo.ts';
import { ensureTable } from '../src/table.ts';
import { createRuntimeDynamoClients } from '../src/dynamo-clients.ts';
import { DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetShardIteratorCommand,
  GetRecordsCommand,
} from '@aws-sdk/client-dynamodb-streams';
const t0 = Date.now();
const d = await startDynamoLocal({ dbDir: '/tmp/scratch-ddb' });
console.log('ready', Date.now() - t0);
const c = createRuntimeDynamoClients(d.endpoint);
console.log('created', await ensureTable(c.dynamo, 'atende'), Date.now() - t0);
await c.dynamo.send(
  new PutItemCommand({
    TableName: 'atende',
    Item: { pk: { S: 'a' }, sk: { S: 'b' }, n: { N: '1' }, bin: { B: new Uint8Array([1, 2, 3]) } },
  }),
);
const t = await c.dynamo.send(new DescribeTableCommand({ TableName: 'atende' }));
const arn = t.Table!.LatestStreamArn!;
const s = await c.streams.send(new DescribeStreamCommand({ StreamArn: arn }));
console.log(JSON.stringify(s.StreamDescription, null, 1));
for (const shard of s.StreamDescription!.Shards!) {
  const it = await c.streams.send(
    new GetShardIteratorCommand({
      StreamArn: arn,
      ShardId: shard.ShardId,
      ShardIteratorType: 'TRIM_HORIZON',
    }),
  );
  const r = await c.streams.send(new GetRecordsCommand({ ShardIterator: it.ShardIterator }));
  console.log(r.Records?.length, r.NextShardIterator?.slice(0, 40));
  console.dir(r.Records?.at(-1), { depth: 5 });
}
c.destroy();
const t1 = Date.now();
await d.stop();
console.log('stopped', Date.now() - t1);
