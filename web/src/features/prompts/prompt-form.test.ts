import { describe, expect, it } from 'vitest';
import { promptCreateInputSchema } from '@atende/shared/entities/prompt';
import { validateForm } from '../../lib/form-validation.ts';
import { emptyPromptForm, promptFormOf, promptVoices, usageShare, type PromptFormValues } from './prompt-form.ts';

const checkPromptForm = (values: PromptFormValues) => validateForm(promptCreateInputSchema, values);

const valid = {
  ...emptyPromptForm(),
  name: 'Asistente',
  apiKey: 'sk-test-0123456789abcdef',
  prompt: 'Você é o assistente da loja. Responda em poucas palavras e com educação.',
  queueId: '3',
};

describe('the prompt dialog', () => {
  it('starts with the spec defaults: texto, 100 tokens, temperature 1, 10 messages', () => {
    expect(emptyPromptForm()).toMatchObject({
      voice: 'texto',
      maxTokens: '100',
      temperature: '1',
      maxMessages: '10',
    });
    expect(promptVoices).toHaveLength(16);
    expect(
      promptVoices.filter((voice) => voice.startsWith('pt-BR-') && voice.endsWith('Neural')),
    ).toHaveLength(15);
  });

  it('refuses numbers left empty or with letters, and a temperature above 2', () => {
    const blank = checkPromptForm({ ...valid, maxTokens: ' ', temperature: '', maxMessages: 'diez' });
    expect(!blank.ok && blank.errors).toEqual({
      maxTokens: 'Debe ser un número',
      temperature: 'Debe ser un número',
      maxMessages: 'Debe ser un número',
    });
    const hot = checkPromptForm({ ...valid, temperature: '2.5' });
    expect(!hot.ok && hot.errors).toEqual({ temperature: 'Entre 0 y 2' });
  });

  it("asks for a queue with 'Indique el sector', and checks the name and text lengths", () => {
    const noQueue = checkPromptForm({ ...valid, queueId: '' });
    expect(noQueue.ok).toBe(false);
    if (!noQueue.ok) expect(noQueue.errors.queueId).toBe('Indique el sector');
    const short = checkPromptForm({ ...valid, name: 'Abc', prompt: 'corto' });
    expect(short.ok).toBe(false);
    if (!short.ok) {
      expect(short.errors.name).toBe('¡Muy corto!');
      expect(short.errors.prompt).toBe('¡Muy corto!');
    }
    const long = checkPromptForm({ ...valid, name: 'x'.repeat(101) });
    expect(!long.ok && long.errors.name).toBe('¡Muy largo!');
    const noKey = checkPromptForm({ ...valid, apiKey: '' });
    expect(!noKey.ok && noKey.errors.apiKey).toBe('Requerido');
  });

  it('sends numbers as numbers and the masked key as it was (the server keeps the stored one)', () => {
    const edited = promptFormOf({
      id: 1,
      name: 'Asistente',
      prompt: valid.prompt,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azu••••••••6789',
      voiceRegion: 'brazilsouth',
      maxTokens: 50,
      temperature: 0.5,
      apiKey: 'sk-••••••••abcd',
      queueId: 3,
      queue: { id: 3, name: 'Ventas' },
      maxMessages: 5,
    });
    const checked = checkPromptForm(edited);
    expect(checked).toEqual({
      ok: true,
      data: {
        name: 'Asistente',
        prompt: valid.prompt,
        apiKey: 'sk-••••••••abcd',
        queueId: 3,
        temperature: 0.5,
        maxTokens: 50,
        maxMessages: 5,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: 'azu••••••••6789',
        voiceRegion: 'brazilsouth',
      },
    });
  });

  it('shows the share of the daily cap used', () => {
    expect(usageShare(50, 100)).toBe(0.5);
    expect(usageShare(150, 100)).toBe(1);
    expect(usageShare(0, 0)).toBe(1);
  });
});
