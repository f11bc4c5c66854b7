import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, DynamoDBClient, UpdateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { Agent } from 'node:http';
import { startDynamoLocal } from '../src/dynamo.ts';
import { ensureTable } from '../src/table.ts';
import { findFreePort } from '../src/free-port.ts';

const dir = mkdtempSync(join(process.env.BASE ?? tmpdir(), 'bench-scratch-'));
const port = await findFreePort();
const db = await startDynamoLocal({ dbDir: join(dir, 'db'), port });
const client = new DynamoDBClient({ endpoint: db.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 64 }) } });
await ensureTable(client, 'atende');
const disable = process.argv[2] === 'nostream';
if (disable) {
  await client.send(new UpdateTableCommand({ TableName: 'atende', StreamSpecification: { StreamEnabled: false } }));
  console.log('disabled', (await client.send(new DescribeTableCommand({ TableName: 'atende' }))).Table?.StreamSpecification);
}
const conc = Number(process.argv[3] ?? 8);
const kind = process.argv[4] ?? 'token';
const total = Number(process.env.TOTAL ?? 100000);
let next = 0;
const t0 = Date.now();
async function worker() {
  while (next < total) {
    const start = next; next += 25;
    const items = [];
    for (let i = start; i < start + 25; i++) {
      if (kind === 'token') items.push({ PutRequest: { Item: { pk: { S: 'C#2#TSEARCH' }, sk: { S: `word${i % 300}#${i}` }, ticketId: { N: String(i) }, companyId: { N: '2' }, __edb_e__: { S: 'ticketToken' }, __edb_v__: { S: '1' } } } });
      else items.push({ PutRequest: { Item: { pk: { S: 'C#2' }, sk: { S: `TICKET#${i}` }, id: { N: String(i) }, companyId: { N: '2' }, status: { S: 'closed' }, lastMessage: { S: 'hola que tal necesito ayuda con la factura' }, uuid: {S: crypto.randomUUID()}, gsi1pk: { S: 'C#2#TS#closed' }, gsi1sk: { S: `2025-01-01T00:00:00.000Z#${String(i).padStart(10,'0')}` }, gsi2pk: { S: 'C#2#TSQ#closed#1' }, gsi2sk: { S: `2025-01-01T00:00:00.000Z#${String(i).padStart(10,'0')}` }, gsi3pk: { S: 'C#2#TSU#closed#none' }, gsi3sk: { S: `2025-01-01T00:00:00.000Z#${String(i).padStart(10,'0')}` }, __edb_e__: { S: 'ticket' }, __edb_v__: { S: '1' } } } });
    }
    let req: any = { atende: items };
    while (req && Object.keys(req).length) {
      const r = await client.send(new BatchWriteItemCommand({ RequestItems: req }));
      req = r.UnprocessedItems;
    }
  }
}
await Promise.all(Array.from({ length: conc }, worker));
const s = (Date.now() - t0) / 1000;
console.log(`${kind} stream=${!disable} conc=${conc}: ${total} items in ${s}s = ${(total / s).toFixed(0)}/s`);
client.destroy();
await db.stop();
