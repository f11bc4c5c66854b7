import { chimePeakGain } from './notification-rules.ts';

/**
 * The notification chime, made with a Web Audio oscillator (two short rising notes) so the app
 * carries no sound file. The volume is the top bar's (0..1); 0 plays nothing at all.
 */
let context: AudioContext | undefined;

export function playChime(volume: number): void {
  const peak = chimePeakGain(volume);
  if (peak <= 0) return;
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    // Browsers start a context suspended until the page has been interacted with.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    [880, 1318.5].forEach((frequency, index) => {
      const at = start + index * 0.14;
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(peak, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    });
  } catch (error) {
    // No sound is better than a broken page.
    console.error(error);
  }
}

export type BrowserNotificationState = 'granted' | 'denied' | 'default' | 'unsupported';

export function browserNotificationState(): BrowserNotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for the browser's permission (must follow a click). */
export async function askBrowserNotifications(): Promise<BrowserNotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** A system notification when the browser allows it; a click brings the tab back and opens the ticket. */
export function showBrowserNotification(options: {
  title: string;
  body: string;
  tag: string;
  icon?: string;
  onClick(): void;
}): void {
  if (browserNotificationState() !== 'granted') return;
  try {
    const notification = new Notification(options.title, {
      body: options.body,
      tag: options.tag,
      ...(options.icon ? { icon: options.icon } : {}),
    });
    notification.onclick = () => {
      window.focus();
      options.onClick();
      notification.close();
    };
  } catch (error) {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
    console.error(error);
  }
}
