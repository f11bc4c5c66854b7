import type { Help } from './api/get-helps.ts';

export interface HelpFormValues {
  title: string;
  video: string;
  description: string;
}

export function emptyHelpForm(): HelpFormValues {
  return { title: '', video: '', description: '' };
}

export function helpFormOf(help: Help): HelpFormValues {
  return { title: help.title, video: help.video, description: help.description ?? '' };
}

/** The values as helpCreateInputSchema (the route's body schema) reads them: the video by its code. */
export function helpFormInput(values: HelpFormValues) {
  return { ...values, video: videoCodeOf(values.video) };
}

/** Accepts a bare video code or a pasted YouTube address and keeps the code. */
export function videoCodeOf(input: string): string {
  const text = input.trim();
  const match = /(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([\w-]{6,})/.exec(text);
  return match?.[1] ?? text;
}

/** extended §2.18: videos are embedded from the host by their code. */
export const videoThumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/0.jpg`;
export const videoEmbedUrl = (code: string) => `https://www.youtube.com/embed/${encodeURIComponent(code)}`;
