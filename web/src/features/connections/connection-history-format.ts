import { t } from '../../i18n/index.ts';

/** A disconnect's duration as the history dialog shows it: seconds, minutes, or hours and minutes. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('connections.history.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('connections.history.minutes', { minutes });
  return t('connections.history.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The tone of a day's bar in the uptime strip. */
export function uptimeTone(percent: number): 'good' | 'partial' | 'bad' | 'none' {
  if (percent >= 99) return 'good';
  if (percent >= 50) return 'partial';
  if (percent > 0) return 'bad';
  return 'none';
}
