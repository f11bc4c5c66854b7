import { describe, expect, it } from 'vitest';
import { connectionStatuses } from '@atende/shared/constants';
import { qrModalShouldClose, sessionButtonsFor, statusTone } from './connection-status.ts';
import { connection } from './test-support.ts';

describe('session buttons per status (core §4)', () => {
  it('offers the QR button while the status is qrcode', () => {
    expect(sessionButtonsFor('qrcode')).toEqual(['showQr']);
  });

  it('offers try again and new QR when disconnected', () => {
    expect(sessionButtonsFor('DISCONNECTED')).toEqual(['retry', 'newQr']);
  });

  it('offers disconnect when connected, pairing or timed out', () => {
    expect(sessionButtonsFor('CONNECTED')).toEqual(['disconnect']);
    expect(sessionButtonsFor('PAIRING')).toEqual(['disconnect']);
    expect(sessionButtonsFor('TIMEOUT')).toEqual(['disconnect']);
  });

  it('shows only the disabled connecting button while opening', () => {
    expect(sessionButtonsFor('OPENING')).toEqual(['connecting']);
  });

  it('covers every status, each with a tone', () => {
    for (const status of connectionStatuses) {
      expect(sessionButtonsFor(status).length).toBeGreaterThan(0);
      expect(statusTone[status]).toBeDefined();
    }
  });
});

describe('QR modal auto-close (core §4)', () => {
  it('stays open while the session has a QR', () => {
    expect(qrModalShouldClose(connection(1, { status: 'qrcode', qrcode: '2@abc' }))).toBe(false);
  });

  it('closes when the QR becomes empty, e.g. once connected', () => {
    expect(qrModalShouldClose(connection(1, { status: 'CONNECTED', qrcode: '' }))).toBe(true);
    expect(qrModalShouldClose(connection(1, { status: 'PAIRING', qrcode: '  ' }))).toBe(true);
  });

  it('closes when the connection is gone', () => {
    expect(qrModalShouldClose(undefined)).toBe(true);
  });
});
