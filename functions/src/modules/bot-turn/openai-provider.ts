import OpenAI, { APIConnectionError, APIError, toFile } from 'openai';
import type { PromptRecord } from '#data/prompts';
import { chatMessages, detectHandOff } from '#domain/prompt-rules';
import { synthesizeSpeech } from './azure-speech.ts';
import {
  ProviderUnavailable,
  type BotProvider,
  type BotReply,
  type BotTurn,
  type BotTurnOutcome,
} from './provider.ts';

/** The prompt provider's config: the prompt with its keys opened by the hook. */
export interface PromptConfig {
  prompt: PromptRecord;
  apiKey: string;
  voiceKey?: string;
}

/** One provider call's time limit (ms); the hook retries a timed-out call. */
export const callTimeoutMs = (): number => Number(process.env.BOT_TURN_TIMEOUT_MS) || 10_000;

const chatModel = () => process.env.OPENAI_MODEL || 'gpt-4o-mini';
const transcriptionModel = () => process.env.OPENAI_TRANSCRIPTION_MODEL || 'whisper-1';

/**
 * A failure of the OpenAI API as the hook sees it: timeouts, lost connections, 408, 409, 429
 * and 5xx are worth retrying; anything else (a wrong key, a bad request) is not. Only the status
 * is kept: the API's message may quote part of the key.
 */
export function providerError(error: unknown): Error {
  if (error instanceof APIConnectionError)
    return new ProviderUnavailable(`openai unreachable (${error.name})`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      const retryAfter = Number(error.headers?.get('retry-after'));
      return new ProviderUnavailable(
        `openai answered ${status}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return new Error(`openai answered ${status}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The customer's words: the text, or the transcription of a voice message. */
async function customerText(client: OpenAI, turn: BotTurn): Promise<string> {
  const { message } = turn;
  if (message.mediaType !== 'audio' || !message.mediaKey || !turn.readMedia) return message.body;
  const bytes = await turn.readMedia(message.mediaKey);
  if (!bytes) return message.body;
  const transcription = await client.audio.transcriptions.create({
    file: await toFile(bytes, 'audio.ogg', { type: 'audio/ogg' }),
    model: transcriptionModel(),
  });
  return transcription.text;
}

/**
 * The AI prompt's turn (docs/decisions.md, "AI prompts"): the prompt's text and the ticket's last
 * `maxMessages` messages to the chat completions API with `maxTokens` and `temperature`; a
 * hand-off phrase in the answer hands the ticket over and is not sent; with a voice other than
 * `texto` the answer goes as a voice note spoken by Azure.
 */
export const openAiProvider: BotProvider = {
  kind: 'prompt',
  async answer(turn: BotTurn, config: unknown): Promise<BotTurnOutcome> {
    const { prompt, apiKey, voiceKey } = config as PromptConfig;
    const client = new OpenAI({
      apiKey,
      baseURL: process.env.OPENAI_BASE_URL || undefined,
      timeout: callTimeoutMs(),
      maxRetries: 0,
    });
    try {
      const text = await customerText(client, turn);
      const messages = chatMessages(
        prompt.prompt,
        turn.contact.name ?? '',
        await turn.history(),
        text,
        prompt.maxMessages,
      );
      const completion = await client.chat.completions.create({
        model: chatModel(),
        messages,
        max_tokens: prompt.maxTokens,
        temperature: prompt.temperature,
      });
      const answer = completion.choices[0]?.message?.content ?? '';
      const { handOff, text: reply } = detectHandOff(answer);
      const replies: BotReply[] = [];
      if (reply) {
        if (prompt.voice !== 'texto' && voiceKey && prompt.voiceRegion) {
          const audio = await synthesizeSpeech({
            text: reply,
            voice: prompt.voice,
            key: voiceKey,
            region: prompt.voiceRegion,
            timeoutMs: callTimeoutMs(),
          });
          replies.push({
            body: reply,
            mediaType: 'audio',
            media: { data: audio, mimetype: 'audio/ogg', fileName: 'resposta.ogg' },
          });
        } else replies.push({ body: reply });
      }
      return {
        replies,
        ...(handOff
          ? { handOff: { note: 'El asistente de IA transfirió la conversación a un agente.' } }
          : {}),
        usage: { tokens: completion.usage?.total_tokens ?? 0 },
      };
    } catch (error) {
      throw error instanceof ProviderUnavailable ? error : providerError(error);
    }
  },
};
