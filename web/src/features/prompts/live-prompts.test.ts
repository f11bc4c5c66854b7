import { describe, expect, it } from 'vitest';
import type { Prompt, PromptsAnswer } from './api/types.ts';
import { applyPromptEvent, parsePromptEvent } from './live-prompts.ts';

const prompt = (id: number, name: string): Prompt => ({
  id,
  name,
  prompt: 'Eres el asistente de la tienda.',
  voice: 'texto',
  voiceKey: null,
  voiceRegion: null,
  maxTokens: 100,
  temperature: 1,
  apiKey: 'sk-••••••••abcd',
  queueId: 1,
  queue: { id: 1, name: 'Ventas' },
  maxMessages: 10,
});

const merge = (answer: PromptsAnswer | undefined, data: unknown) =>
  applyPromptEvent(answer, parsePromptEvent(data)!);

describe('prompt live events on the prompts list', () => {
  it('adds, replaces and removes by id, keeping the day’s usage', () => {
    const usage = { day: '2026-11-28', calls: 3, tokens: 90, dailyCallCap: 500 };
    const answer: PromptsAnswer = { prompts: [prompt(1, 'Ventas')], usage };
    const added = merge(answer, { action: 'create', prompt: prompt(2, 'Soporte') });
    expect(added?.prompts.map((p) => p.name).sort()).toEqual(['Soporte', 'Ventas']);
    const renamed = merge(added, { action: 'update', prompt: prompt(1, 'Ventas web') });
    expect(renamed?.prompts.find((p) => p.id === 1)?.name).toBe('Ventas web');
    const removed = merge(renamed, { action: 'delete', promptId: 2 });
    expect(removed).toEqual({ prompts: [prompt(1, 'Ventas web')], usage });
    expect(merge(undefined, { action: 'delete', promptId: 1 })).toBeUndefined();
  });
});
