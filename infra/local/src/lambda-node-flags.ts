/**
 * The Node options every Lambda gets (`lambdaDefaults.nodeOptions`), given to the local
 * runtime's function threads so the handler code runs as it does in AWS: a worker takes
 * per-thread options in its execArgv. The ones this Node does not know are left out: the
 * async-context-frame flag is Node 22.7's, and the runtime runs on the machine's Node
 * (decision 0128).
 */
import { lambdaDefaults } from '../../lib/lambda-defaults.ts';

export function lambdaNodeFlags(
  known: ReadonlySet<string> = process.allowedNodeEnvironmentFlags,
): string[] {
  return lambdaDefaults.nodeOptions
    .split(/\s+/)
    .filter((flag) => flag.length > 0 && known.has(flag.split('=')[0]!));
}
