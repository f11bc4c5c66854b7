/**
 * `npm run cost`: synthesizes the default stack (as `npx cdk synth` does, offline), prices it with
 * the bench's counted calls and writes docs/cost.md. `npm run cost -- --check` only compares and
 * exits 1 when the file is stale (what infra/test/cost-model.test.ts does in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildFunctions } from '../../functions/build.ts';
import { synthesize } from '../test/synthesize.ts';
import { computeCostDocument, costDocumentFile } from './compute.ts';
import type { TemplateJson } from './inventory.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// The Lambda code assets are the bundles: built when a fresh checkout lacks them.
await buildFunctions({ ifMissing: true, quiet: true });
const document = computeCostDocument(synthesize().template.toJSON() as TemplateJson);
const current = (() => {
  try {
    return readFileSync(costDocumentFile, 'utf8');
  } catch {
    return undefined;
  }
})();
if (process.argv.includes('--check')) {
  if (current !== document) {
    console.error(`${costDocumentFile} is stale: run \`npm run cost\` to regenerate it.`);
    process.exit(1);
  }
  console.log(`${costDocumentFile} is up to date.`);
} else {
  writeFileSync(costDocumentFile, document);
  console.log(
    current === document ? `${costDocumentFile} was already up to date.` : `Wrote ${costDocumentFile}.`,
  );
}
