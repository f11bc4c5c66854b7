/**
 * docs/cost.md from a synthesized template: its inventory, the bench's counted calls
 * (infra/local/bench/counted-usage.json) and the prices. Shared by `npm run cost` (main.ts) and
 * infra/test/cost-model.test.ts, so both compute the same file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countedUsageFile, type CountedUsage } from '../local/bench/counted-usage.ts';
import { costDocument } from './document.ts';
import { templateInventory, type TemplateJson } from './inventory.ts';
import { costModel } from './model.ts';

export const costDocumentFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'cost.md');

export function readCountedUsage(file = countedUsageFile): CountedUsage {
  return JSON.parse(readFileSync(file, 'utf8')) as CountedUsage;
}

export function computeCostDocument(
  template: TemplateJson,
  counted: CountedUsage = readCountedUsage(),
): string {
  const inventory = templateInventory(template);
  return costDocument(costModel(inventory, counted), inventory, counted);
}
