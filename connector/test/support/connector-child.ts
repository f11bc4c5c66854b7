/**
 * One connector task in a process of its own, for the two-connector test: connector/src/task.ts
 * (what the Fargate task runs) on the environment the test gives, with the sandbox provider
 * wrapped to record when each session starts and stops (one JSON line each, appended
 * synchronously so a SIGKILL loses none) in SESSION_LOG. SIGTERM stops it as a rolling deploy
 * does.
 */
import { appendFileSync } from 'node:fs';
import { createSandboxProvider, jsonLogger } from '../../src/index.ts';
import type { ProviderFactory } from '../../src/providers/provider.ts';
import { runTask } from '../../src/task.ts';

const holderId = process.env.HOLDER_ID!;
const sessionLog = process.env.SESSION_LOG!;
const record = (event: string, companyId: number, whatsappId: number) =>
  appendFileSync(
    sessionLog,
    `${JSON.stringify({ event, holderId, companyId, whatsappId, at: Date.now() })}\n`,
  );

const sandbox = createSandboxProvider();
const recordedSandbox: ProviderFactory = (context) => {
  const session = sandbox(context);
  const { companyId, whatsappId } = context;
  let open = false;
  const start = session.start.bind(session);
  const stop = session.stop.bind(session);
  const logout = session.logout.bind(session);
  session.start = async () => {
    open = true;
    record('start', companyId, whatsappId);
    await start();
  };
  const close = () => {
    if (open) record('stop', companyId, whatsappId);
    open = false;
  };
  session.stop = async () => {
    await stop();
    close();
  };
  session.logout = async () => {
    await logout();
    close();
  };
  return session;
};

const task = await runTask({
  env: process.env,
  log: jsonLogger,
  holderId,
  providers: { sandbox: recordedSandbox },
});
console.info(JSON.stringify({ message: 'child ready', holderId, port: task.port }));
process.once('SIGTERM', () => {
  void task.stop().finally(() => {
    console.info(JSON.stringify({ message: 'child stopped', holderId }));
    process.exit(0);
  });
});
