/**
 * How fast a campaign sends (extended §3, §9; docs/decisions.md, "Campaigns"). The settings are
 * in seconds: the product we replace multiplied them by 1,000 and took them as milliseconds of
 * seconds, so its "longer interval" never came. Here they mean what the screen says.
 */
export interface PacingSettings {
  /** The random wait between two messages is at most this many seconds. */
  messageInterval: number;
  /** After every this many messages the longer wait applies (0: never). */
  longerIntervalAfter: number;
  /** The longer wait, in seconds, added after every `longerIntervalAfter` messages. */
  greaterInterval: number;
}

/** A source of numbers in [0, 1), as Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

/** A whole number of seconds in [0, max], each equally likely. */
export function randomWait(max: number, random: RandomSource): number {
  if (max <= 0) return 0;
  return Math.min(max, Math.floor(random() * (max + 1)));
}

/**
 * Seconds to wait, after the previous send, before sending the message at `position` (0-based) of
 * the campaign's send order. The first goes at once; each later one waits a random time up to
 * messageInterval, plus greaterInterval when `position` completes a block of longerIntervalAfter.
 */
export function gapBefore(position: number, settings: PacingSettings, random: RandomSource): number {
  if (position <= 0) return 0;
  const wait = randomWait(settings.messageInterval, random);
  const longer =
    settings.longerIntervalAfter > 0 && position % settings.longerIntervalAfter === 0
      ? settings.greaterInterval
      : 0;
  return wait + longer;
}

/** The least gap before `position` the settings allow (what the bench checks actual sends against). */
export function minimumGapBefore(position: number, settings: PacingSettings): number {
  if (position <= 0) return 0;
  return settings.longerIntervalAfter > 0 && position % settings.longerIntervalAfter === 0
    ? settings.greaterInterval
    : 0;
}

/** The planned offsets, in seconds from the first send, of `count` recipients. */
export function planSendOffsets(count: number, settings: PacingSettings, random: RandomSource): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (let position = 0; position < count; position += 1) {
    at += gapBefore(position, settings, random);
    offsets.push(at);
  }
  return offsets;
}

/** SQS delays a message at most 15 minutes; a longer wait is reached by re-arming. */
export const maxQueueDelaySeconds = 900;

/** The delay to ask of the queue for a send due `dueInMs` from now, within SQS's limit. */
export function queueDelayFor(dueInMs: number): number {
  if (dueInMs <= 0) return 0;
  return Math.min(maxQueueDelaySeconds, Math.ceil(dueInMs / 1000));
}

/**
 * A connection's campaign pace: at most this many recipients per second, whatever the intervals
 * (docs/decisions.md, "Campaigns: the connection's pace"). Intervals of 0 send at this pace; a
 * drawn wait longer than the pace's gap wins. The default for a WhatsApp connection is a safe
 * one; the sandbox has no phone behind it, so its default is far above what the pipeline does.
 */
export const defaultCampaignPace = { whatsapp: 1, sandbox: 200 } as const;

/** The most recipients a send step prepares ahead of its claims (and hands over at once). */
export const maxRecipientsInFlight = 16;

/** A pace setting as written (recipients per second); unset, unreadable or not positive: the default. */
export function parseCampaignPace(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The least time between two claims on a connection at `pacePerSecond`. */
export function paceGapMs(pacePerSecond: number): number {
  return Math.ceil(1000 / pacePerSecond);
}

/**
 * How many recipients of a connection may be in flight at once (read ahead, and handed to the
 * connector while the next is claimed): one second's worth at its pace, at least 1, at most 16.
 */
export function recipientsInFlight(pacePerSecond: number): number {
  return Math.max(1, Math.min(maxRecipientsInFlight, Math.floor(pacePerSecond)));
}
