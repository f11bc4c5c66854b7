import { describe, expect, it } from 'vitest';
import { Mp3Encoder } from '@breezystack/lamejs';
import { audioMinBytes, messageUploadMaxBytes } from '@atende/shared/constants';
import {
  attachmentProblem,
  encodeMp3,
  formatBytes,
  formatElapsed,
  isRecordingKept,
  mixToMono,
  recordingFileName,
  toPcm16,
} from './attachment-rules.ts';

/** A 440 Hz tone with some noise, like a voice at speaking level. */
function tone(seconds: number, sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let seed = 7;
  for (let i = 0; i < samples.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / sampleRate) + 0.1 * (seed / 2 ** 31 - 0.5);
  }
  return samples;
}

describe('attachments the chat input may send', () => {
  it('accepts images, audio, video and documents up to 7 MB', () => {
    expect(attachmentProblem({ type: 'image/png', size: 2_000 })).toBeUndefined();
    expect(attachmentProblem({ type: 'audio/mpeg', size: 20_000 })).toBeUndefined();
    expect(attachmentProblem({ type: 'video/mp4', size: messageUploadMaxBytes })).toBeUndefined();
    expect(attachmentProblem({ type: 'application/pdf', size: 10 })).toBeUndefined();
    expect(attachmentProblem({ type: 'text/plain', size: 10 })).toBeUndefined();
    // A file the browser cannot type goes as a document.
    expect(attachmentProblem({ type: '', size: 10 })).toBeUndefined();
  });

  it('refuses larger files, other types and empty files', () => {
    expect(attachmentProblem({ type: 'image/png', size: messageUploadMaxBytes + 1 })).toBe('tooLarge');
    expect(attachmentProblem({ type: 'model/gltf+json', size: 10 })).toBe('unsupported');
    expect(attachmentProblem({ type: 'font/woff2', size: 10 })).toBe('unsupported');
    expect(attachmentProblem({ type: 'image/png', size: 0 })).toBe('empty');
  });

  it('writes sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(14 * 1024)).toBe('14 KB');
    expect(formatBytes(messageUploadMaxBytes)).toBe('7 MB');
    expect(formatBytes(2.44 * 1024 * 1024)).toBe('2,4 MB');
  });
});

describe('recorded audio (core §9: mp3 at 128 kbit/s, at least 10000 bytes)', () => {
  it('keeps recordings of 10000 bytes or more and discards smaller ones', () => {
    expect(audioMinBytes).toBe(10_000);
    expect(isRecordingKept(9_999)).toBe(false);
    expect(isRecordingKept(10_000)).toBe(true);
    expect(isRecordingKept(0)).toBe(false);
  });

  it('encodes a second of sound as an mp3 of about 16 KB, which is kept', () => {
    const mp3 = encodeMp3(tone(1, 48_000), 48_000, Mp3Encoder);
    // 128 kbit/s is 16000 bytes a second; MPEG frames start with the 0xFFE sync word.
    expect(mp3.length).toBeGreaterThan(14_000);
    expect(mp3.length).toBeLessThan(19_000);
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
    expect(isRecordingKept(mp3.length)).toBe(true);
  });

  it('makes a click of a fraction of a second too small to keep', () => {
    const mp3 = encodeMp3(tone(0.3, 44_100), 44_100, Mp3Encoder);
    expect(mp3.length).toBeGreaterThan(0);
    expect(isRecordingKept(mp3.length)).toBe(false);
  });

  it('mixes channels to mono and converts to 16-bit PCM with clipping', () => {
    const mono = mixToMono([Float32Array.from([1, 0, -1]), Float32Array.from([0, 0, -1])]);
    expect(Array.from(mono)).toEqual([0.5, 0, -1]);
    expect(mixToMono([])).toHaveLength(0);
    expect(Array.from(toPcm16(Float32Array.from([0, 1, -1, 2, -2])))).toEqual([
      0, 32767, -32768, 32767, -32768,
    ]);
  });

  it('names recordings by their local time and shows the elapsed time as m:ss', () => {
    expect(recordingFileName(new Date(2026, 2, 4, 9, 5, 7))).toBe('audio-20260304-090507.mp3');
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
  });
});
