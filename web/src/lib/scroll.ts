import { infiniteScrollThresholdPx } from '@atende/shared/constants';

/** core §9: the next page loads when the list is scrolled within 100 px of its end. */
export function isNearBottom(
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold: number = infiniteScrollThresholdPx,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight < threshold;
}
