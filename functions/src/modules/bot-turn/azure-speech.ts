import { ProviderUnavailable } from './provider.ts';

/**
 * Azure text to speech over its REST API (POST /cognitiveservices/v1 with SSML, the key in
 * Ocp-Apim-Subscription-Key), answering an Ogg Opus voice note as WhatsApp plays it. The host is
 * https://<region>.tts.speech.microsoft.com, or AZURE_SPEECH_BASE_URL (a compatible server, the
 * tests' fake).
 */
export const voiceNoteFormat = 'ogg-24khz-16bit-mono-opus';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

export function ssmlOf(text: string, voice: string): string {
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR"><voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`;
}

export function speechUrl(region: string): string {
  const base =
    process.env.AZURE_SPEECH_BASE_URL || `https://${encodeURIComponent(region)}.tts.speech.microsoft.com`;
  return `${base.replace(/\/$/, '')}/cognitiveservices/v1`;
}

export async function synthesizeSpeech(options: {
  text: string;
  voice: string;
  key: string;
  region: string;
  timeoutMs: number;
}): Promise<Uint8Array> {
  let answer: Response;
  try {
    answer = await fetch(speechUrl(options.region), {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': options.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': voiceNoteFormat,
        'User-Agent': 'atende',
      },
      body: ssmlOf(options.text, options.voice),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    // A timeout or a refused connection: worth another try.
    throw new ProviderUnavailable(`azure speech unreachable (${(error as Error).name})`);
  }
  if (answer.status === 429 || answer.status >= 500) {
    const retryAfter = Number(answer.headers.get('retry-after'));
    throw new ProviderUnavailable(
      `azure speech answered ${answer.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  if (!answer.ok) throw new Error(`azure speech answered ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}
