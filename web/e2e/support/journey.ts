import { beforeEach } from 'vitest';

/**
 * For a describe whose tests are the steps of one journey (sign up, add, edit, delete…), each
 * building on the page the step before left: once a step fails, the later steps are skipped with
 * the failed step's name instead of failing one after another for the same cause, so the report
 * shows the one real failure. Call it at the top of the describe. Tests that can stand alone
 * should (docs/testing.md); this is for the ones that are steps by nature.
 */
export function journeySteps(): void {
  let failed: string | undefined;
  beforeEach((context) => {
    if (failed) context.skip(`an earlier step failed: ${failed}`);
    context.onTestFailed(() => {
      failed ??= context.task.name;
    });
  });
}
