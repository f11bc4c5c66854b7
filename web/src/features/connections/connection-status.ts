import type { ConnectionStatus, Whatsapp } from './api/types.ts';

/** The buttons of the session column (core §4 Connection status and buttons). */
export type SessionButton = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

/**
 * qrcode: the QR button; DISCONNECTED: try again and new QR; CONNECTED, PAIRING or TIMEOUT:
 * disconnect; OPENING: a disabled "connecting" button.
 */
export function sessionButtonsFor(status: ConnectionStatus): readonly SessionButton[] {
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}

/** How a status is drawn: its tone picks the colour of the chip. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

export const statusTone: Readonly<Record<ConnectionStatus, StatusTone>> = {
  CONNECTED: 'success',
  qrcode: 'info',
  PAIRING: 'info',
  OPENING: 'neutral',
  TIMEOUT: 'warning',
  DISCONNECTED: 'error',
};

/**
 * core §4: the QR modal closes when the session's QR becomes empty, e.g. once the phone has read
 * it and the connection turns CONNECTED; also when the connection is gone (deleted elsewhere).
 */
export function qrModalShouldClose(connection: Pick<Whatsapp, 'qrcode'> | undefined): boolean {
  return !connection || connection.qrcode.trim() === '';
}
