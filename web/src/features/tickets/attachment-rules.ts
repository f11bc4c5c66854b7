import { formatNumber } from '../../i18n/format.ts';
import { audioBitrateKbps, audioMinBytes, messageUploadMaxBytes } from '@atende/shared/constants';

/**
 * What the chat input may send as a file (the server's rules, functions/src/domain/media-rules.ts):
 * at most 7 MB; images, audio, video and documents (application/*, text/*). A file the browser
 * cannot type goes as application/octet-stream, a document. Checked before uploading so the agent
 * gets a clear message instead of a refused request.
 */
export type AttachmentProblem = 'tooLarge' | 'unsupported' | 'empty';

const sendableFamilies = new Set(['image', 'audio', 'video', 'application', 'text']);

export function attachmentProblem(file: { type: string; size: number }): AttachmentProblem | undefined {
  if (file.size <= 0) return 'empty';
  if (file.size > messageUploadMaxBytes) return 'tooLarge';
  const [family] = (file.type || 'application/octet-stream').toLowerCase().split('/');
  return family && sendableFamilies.has(family) ? undefined : 'unsupported';
}

/** A file size for people: 512 B, 14 KB, 2,4 MB (Spanish decimal comma). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${formatNumber(Math.round(mb * 10) / 10, { maximumFractionDigits: 1 })} MB`;
}

export const maxAttachmentText = formatBytes(messageUploadMaxBytes);

// ------------------------------------------------------------ Audio recordings (core §9)

/** Recordings under 10000 bytes of mp3 are discarded (core §9), never sent. */
export function isRecordingKept(mp3Bytes: number): boolean {
  return mp3Bytes >= audioMinBytes;
}

/** The part of lamejs the recorder uses, so tests hand in the real class and the app loads it lazily. */
export interface Mp3EncoderLike {
  encodeBuffer(left: Int16Array, right?: Int16Array): Uint8Array;
  flush(): Uint8Array;
}
export type Mp3EncoderClass = new (channels: number, sampleRate: number, kbps: number) => Mp3EncoderLike;

/** Mixes the channels of a decoded recording down to one (the voice note is mono). */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i += 1) mono[i]! += (channel[i] ?? 0) / channels.length;
  }
  return mono;
}

/** Float samples in [-1, 1] as 16-bit PCM, clipping what lies outside. */
export function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return pcm;
}

/** One MPEG-1 Layer III frame holds 1152 samples; lamejs is fed a frame at a time. */
const samplesPerFrame = 1152;

/** Encodes mono samples as mp3 at 128 kbit/s (core §9). */
export function encodeMp3(
  samples: Float32Array,
  sampleRate: number,
  Encoder: Mp3EncoderClass,
): Uint8Array<ArrayBuffer> {
  const encoder = new Encoder(1, sampleRate, audioBitrateKbps);
  const pcm = toPcm16(samples);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < pcm.length; start += samplesPerFrame) {
    const part = encoder.encodeBuffer(pcm.subarray(start, start + samplesPerFrame));
    if (part.length > 0) parts.push(part);
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(tail);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A recording's file name: audio-YYYYMMDD-HHmmss.mp3 in local time. */
export function recordingFileName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  return `audio-${day}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.mp3`;
}

/** Elapsed recording time as m:ss. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
