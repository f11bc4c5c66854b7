/**
 * Connection health's rules, free of storage (docs/decisions.md, "Connections that tell you"):
 * the history's uptime and disconnects, the silence watch's decision, and the alert e-mail.
 */
import {
  connectionHistoryDays,
  type ConnectionAlertKind,
  type ConnectionEventKind,
  type ConnectionHistory,
  type DisconnectReason,
} from '@atende/shared/entities/connection-health';

export interface ConnectionEventRecord {
  at: string;
  kind: ConnectionEventKind;
  reason: DisconnectReason | null;
}

export interface ConnectionDayRecord {
  day: string;
  in: number;
  out: number;
  lastInAt: string | null;
  silentAlert: string | null;
}

const dayMs = 24 * 3600_000;

/** The UTC day (yyyy-MM-dd) of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The TTL (seconds) of a history item written at `nowMs`: kept 30 days, and one more for the day's edge. */
export function historyExpiresAt(nowMs: number): number {
  return Math.floor((nowMs + (connectionHistoryDays + 1) * dayMs) / 1000);
}

/** The start of the 30-day window ending at `nowMs`: midnight UTC 29 days before today. */
export function historyStartMs(nowMs: number): number {
  const today = Date.parse(`${utcDay(nowMs)}T00:00:00.000Z`);
  return today - (connectionHistoryDays - 1) * dayMs;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The history of the last 30 days: CONNECTED intervals from the events (the state before the
 * first one from `before`, or, without any event at all, the connection's status now), uptime
 * over the whole window and per day (from the connection's creation when younger), the
 * disconnects newest first with their duration once the connection came back.
 */
export function connectionHistoryOf(input: {
  whatsappId: number;
  events: readonly ConnectionEventRecord[];
  before: ConnectionEventRecord | null;
  days: readonly ConnectionDayRecord[];
  nowMs: number;
  createdAtMs: number;
  connectedNow: boolean;
}): ConnectionHistory {
  const { nowMs } = input;
  const fromMs = historyStartMs(nowMs);
  const events = [...input.events].sort((a, b) => a.at.localeCompare(b.at));
  const initiallyUp =
    input.before !== null ? input.before.kind === 'connected' : events.length === 0 ? input.connectedNow : false;
  // Connected intervals within [fromMs, nowMs].
  const intervals: [number, number][] = [];
  let upSince: number | null = initiallyUp ? fromMs : null;
  for (const event of events) {
    const at = Math.max(Date.parse(event.at), fromMs);
    if (event.kind === 'connected') upSince ??= at;
    else if (upSince !== null) {
      intervals.push([upSince, at]);
      upSince = null;
    }
  }
  if (upSince !== null) intervals.push([upSince, nowMs]);
  const upWithin = (start: number, end: number) =>
    intervals.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, end) - Math.max(a, start)), 0);
  const percent = (start: number, end: number) => {
    const from = Math.max(start, input.createdAtMs);
    return end > from ? round1((100 * upWithin(from, end)) / (end - from)) : 0;
  };
  const counts = new Map(input.days.map((day) => [day.day, day]));
  const days: ConnectionHistory['days'] = [];
  for (let start = fromMs; start < nowMs; start += dayMs) {
    const day = utcDay(start);
    const counted = counts.get(day);
    days.push({
      day,
      uptimePercent: percent(start, Math.min(start + dayMs, nowMs)),
      in: counted?.in ?? 0,
      out: counted?.out ?? 0,
    });
  }
  const disconnects: ConnectionHistory['disconnects'] = [];
  for (const [index, event] of events.entries()) {
    if (event.kind === 'connected') continue;
    const back = events.slice(index + 1).find((later) => later.kind === 'connected');
    disconnects.push({
      at: event.at,
      kind: event.kind,
      reason: event.reason,
      durationMs: back ? Date.parse(back.at) - Date.parse(event.at) : null,
    });
  }
  disconnects.reverse();
  return {
    whatsappId: input.whatsappId,
    from: new Date(fromMs).toISOString(),
    to: new Date(nowMs).toISOString(),
    uptimePercent: percent(fromMs, nowMs),
    days,
    disconnects,
  };
}

/**
 * The silence watch at `nowMs`: silent when neither a message nor the connection's start came
 * within `silenceMs`, and the company is open now and was open `silenceMs` ago (so the hours
 * after opening do not count the night). Otherwise, when to look again.
 */
export function silenceDecision(input: {
  nowMs: number;
  silenceMs: number;
  connectedAtMs: number;
  lastInboundMs: number | null;
  openNow: boolean;
  openThen: boolean;
}): { silent: true } | { silent: false; checkAtMs: number } {
  const reference = Math.max(input.connectedAtMs, input.lastInboundMs ?? 0);
  const dueMs = reference + input.silenceMs;
  if (input.nowMs < dueMs) return { silent: false, checkAtMs: dueMs };
  if (input.openNow && input.openThen) return { silent: true };
  // Closed now, or just opened: look again once a silence period has passed.
  return { silent: false, checkAtMs: input.nowMs + input.silenceMs };
}

/** The reasons as the e-mail says them (the SPA has its own catalogue texts). */
export const reasonTextsEs: Record<DisconnectReason, string> = {
  'logged-out': 'el teléfono cerró la sesión',
  'connection-closed': 'la conexión se cerró',
  'connection-lost': 'se perdió la conexión',
  'timed-out': 'tiempo de espera agotado',
  'qr-expired': 'el código QR expiró sin ser leído',
  replaced: 'la sesión se abrió en otro lugar',
  'bad-session': 'sesión dañada',
  'restart-required': 'reinicio requerido',
  'multidevice-mismatch': 'versión multidispositivo incompatible',
  forbidden: 'acceso prohibido por WhatsApp',
  unavailable: 'servicio de WhatsApp no disponible',
  'silent-socket': 'la conexión dejó de responder',
  unknown: 'motivo desconocido',
};

/** The one e-mail an admin gets for an incident: the connection's name, what happened, when. No token, no QR. */
export function connectionAlertMail(alert: {
  name: string;
  kind: ConnectionAlertKind;
  reason: DisconnectReason | null;
  openedAt: string;
  silenceMinutes?: number;
}): { subject: string; text: string } {
  const what =
    alert.kind === 'drop'
      ? 'se desconectó'
      : alert.kind === 'qr-required'
        ? 'necesita un nuevo código QR'
        : 'no recibe mensajes';
  const lines = [
    `La conexión "${alert.name}" ${what}.`,
    ...(alert.reason ? [`Motivo: ${reasonTextsEs[alert.reason]}.`] : []),
    ...(alert.kind === 'silent' && alert.silenceMinutes
      ? [`Sin mensajes recibidos durante ${alert.silenceMinutes} minutos en horario de atención, con el teléfono conectado.`]
      : []),
    `Desde: ${alert.openedAt}.`,
    '',
    'Revise la pantalla Conexiones de la aplicación. Recibirá un solo aviso por incidente.',
  ];
  return { subject: `Conexión ${alert.name}: ${what}`, text: lines.join('\n') };
}

/** Alert e-mails tried again after 1, 2, 4 … 64 minutes (attempt 1 to 7), then given up: null. */
export function alertMailRetryDelayMs(attempt: number): number | null {
  return attempt >= 1 && attempt <= 7 ? 60_000 * 2 ** (attempt - 1) : null;
}
