import type { EntityItem } from 'electrodb';
import { isConditionFailure } from './sessions.ts';
import { nextId } from './ids.ts';
import { aiUsageEntity, promptEntity } from './prompt-entity.ts';

export type PromptRecord = EntityItem<typeof promptEntity>;
export type PromptFields = Omit<PromptRecord, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;
export type ClearablePromptField = 'voiceRegion' | 'voiceKeySealed' | 'voiceKeyMask' | 'queueId';

/** AP-PR-1: every prompt of a company (`pk = C#<companyId>`, `sk begins_with PROMPT#`), by id. */
export async function listPrompts(companyId: number): Promise<PromptRecord[]> {
  const { data } = await promptEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort((a, b) => a.id - b.id);
}

/** AP-PR-2: one prompt (also the bot turn's read of the ticket's prompt). */
export async function getPrompt(companyId: number, id: number): Promise<PromptRecord | undefined> {
  const { data } = await promptEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** AP-PR-3: create a prompt. */
export async function createPrompt(companyId: number, fields: PromptFields): Promise<PromptRecord> {
  const id = await nextId({ companyId }, 'prompt');
  const { data } = await promptEntity.create({ companyId, id, ...fields }).go();
  return data;
}

/** AP-PR-4: change a prompt that exists (undefined when it does not). */
export async function updatePrompt(
  companyId: number,
  id: number,
  changes: Partial<PromptFields>,
  clear: ClearablePromptField[] = [],
): Promise<PromptRecord | undefined> {
  try {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const patch = promptEntity.patch({ companyId, id }).set(set);
    const { data } = await (clear.length > 0 ? patch.remove(clear) : patch).go({ response: 'all_new' });
    return data as PromptRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** AP-PR-5: delete a prompt (false when it was not there). */
export async function deletePrompt(companyId: number, id: number): Promise<boolean> {
  try {
    await promptEntity
      .delete({ companyId, id })
      .where(({ id: present }, { exists }) => exists(present))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface AiUsage {
  day: string;
  calls: number;
  tokens: number;
}

/** AP-PR-6: the company's AI use on a UTC day (zero when none). */
export async function getAiUsage(companyId: number, day: string): Promise<AiUsage> {
  const { data } = await aiUsageEntity.get({ companyId, day }).go({ consistent: true });
  return { day, calls: data?.calls ?? 0, tokens: data?.tokens ?? 0 };
}

/**
 * AP-PR-7: count one AI call on a day, only while the day's calls are under `cap` (one
 * conditional update): false when the cap is reached, so concurrent turns never pass it.
 */
export async function takeAiCall(companyId: number, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  try {
    await aiUsageEntity
      .update({ companyId, day })
      .add({ calls: 1 })
      .where(({ calls }, { lt, notExists }) => `${notExists(calls)} OR ${lt(calls, cap)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** AP-PR-8: add the tokens an AI call spent to the day's use. */
export async function addAiTokens(companyId: number, day: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await aiUsageEntity.update({ companyId, day }).add({ tokens }).go();
}
