import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FunctionInvoker } from './invoke.ts';
import type { Logger } from './log.ts';
import type { Task } from './runtime-manifest.ts';

interface BootstrapAnswer {
  created?: boolean;
  email?: string;
  generatedPassword?: string;
}

/**
 * Runs the manifest's tasks (each idempotent) once the data stores and queues are up. When the
 * bootstrap task creates the platform, the super user's credentials are written once to
 * <dataDir>/first-start.txt (owner-only); the log names the file, never the password.
 */
export async function runTasks(tasks: Task[], invoker: FunctionInvoker, dataDir: string, log: Logger): Promise<void> {
  for (const task of tasks) {
    const answer = (await invoker.invoke(task.name, {})) as BootstrapAnswer | undefined;
    if (task.name !== 'bootstrap' || !answer?.created) continue;
    const password = answer.generatedPassword ?? '(the value of ADMIN_PASSWORD)';
    const note = [
      'First start: the platform was created.',
      `  Super user: ${answer.email}`,
      `  Password:   ${password}`,
      answer.generatedPassword ? '  The password was generated and is shown only here: change it after signing in.' : '',
    ]
      .filter(Boolean)
      .join('\n');
    const file = join(dataDir, 'first-start.txt');
    await writeFile(file, `${note}\n`, { mode: 0o600 });
    log.info(`First start: the platform was created. Super user: ${answer.email}; the password is in ${file}.`);
  }
}
