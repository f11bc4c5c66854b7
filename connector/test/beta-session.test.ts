import { BufferJSON, type KeyPair } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FencedError } from '../src/table/errors.ts';
import { betaHarness } from './beta-harness.ts';
import { boom } from './fakes/fake-socket.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { settle } from './helpers.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A session paired with the phone and CONNECTED. */
async function connected(options: Parameters<typeof betaHarness>[0] = {}) {
  const h = betaHarness(options);
  await h.session.start();
  await settle(vi);
  h.sockets.last().pair();
  await settle(vi);
  expect(h.statusNames().at(-1)).toBe('CONNECTED');
  return h;
}

describe('beta session: pairing', () => {
  it('shows the QR, then PAIRING, then CONNECTED with the phone number after the restart Baileys asks for', async () => {
    const h = betaHarness();
    await h.session.start();
    await settle(vi);
    expect(h.recorded.qrs).toEqual(['2@fake-qr-1']);
    h.sockets.last().pair();
    await settle(vi);
    // restartRequired (515) reconnects at once, without counting as a failure.
    expect(h.sockets.sockets).toHaveLength(2);
    expect(h.statusNames()).toEqual(['OPENING', 'PAIRING', 'OPENING', 'CONNECTED']);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'CONNECTED', retries: 0, number: '5511900000000' });
  });

  it('keeps the credentials in the table, one item per key, and a restart resumes without a QR', async () => {
    const table = new MemoryTable();
    const first = await connected({ table });
    const firstCreds = first.sockets.last().config.auth.creds;
    await first.session.stop();
    expect(first.sockets.last().loggedOut).toBe(false);
    const creds = table.get('C#1', 'WSESS#2#creds');
    expect(creds?.data).toEqual(expect.any(String));

    const second = betaHarness({ table });
    await second.session.start();
    await settle(vi);
    expect(second.recorded.qrs).toEqual([]);
    expect(second.statusNames()).toEqual(['OPENING', 'CONNECTED']);
    const resumed = second.sockets.last().config.auth.creds;
    expect(resumed.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    // Buffers survive the round trip through the table.
    expect(Buffer.from(resumed.noiseKey.private).equals(Buffer.from(firstCreds.noiseKey.private))).toBe(true);
    expect(resumed.signedIdentityKey.public).toBeInstanceOf(Uint8Array);
  });

  it('stores signal keys one item each, reads them back as bytes, deletes them on null', async () => {
    const h = await connected();
    const keys = h.sockets.last().config.auth.keys;
    const pair: KeyPair = { public: Uint8Array.from([1, 2, 3]), private: Uint8Array.from([4, 5, 6]) };
    await keys.set({
      'pre-key': { '7': pair, '8': pair },
      session: { '5511999990001.0': Uint8Array.from([9, 9]) },
    });
    expect(h.table.list('C#1', 'WSESS#2#').map((item) => item.sk)).toEqual([
      'WSESS#2#creds',
      'WSESS#2#pre-key#7',
      'WSESS#2#pre-key#8',
      'WSESS#2#session#5511999990001.0',
    ]);
    const read = await h.context.credentials.readKeys('pre-key', ['7', '9']);
    expect([...read.keys()]).toEqual(['7']);
    const value = JSON.parse(read.get('7')!, BufferJSON.reviver) as KeyPair;
    expect([...value.private]).toEqual([4, 5, 6]);
    await keys.set({ 'pre-key': { '8': null } });
    expect(h.table.get('C#1', 'WSESS#2#pre-key#8')).toBeUndefined();
  });

  it('refuses every credential write once the lease has moved on (fencing)', async () => {
    const h = await connected();
    h.table.put({ pk: 'C#1', sk: 'WLEASE#2', holder: 'task-b', fence: 2, expiresAt: 9_999_999_999 });
    const before = h.table.get('C#1', 'WSESS#2#creds');
    const keys = h.sockets.last().config.auth.keys;
    await expect(
      h.context.credentials.write([{ key: { kind: 'signal', type: 'pre-key', id: '1' }, value: '{}' }]),
    ).rejects.toBeInstanceOf(FencedError);
    await expect(
      keys.set({ 'pre-key': { '2': { public: new Uint8Array(1), private: new Uint8Array(1) } } }),
    ).rejects.toThrow();
    h.sockets.last().emit('creds.update', { nextPreKeyId: 99 });
    await settle(vi);
    expect(h.table.get('C#1', 'WSESS#2#creds')).toEqual(before);
    expect(h.table.get('C#1', 'WSESS#2#pre-key#1')).toBeUndefined();
    expect(h.recorded.fenced).toBeGreaterThanOrEqual(2);
  });
});

describe('beta session: reconnection', () => {
  it('reconnects after every close with exponential backoff and full jitter, capped at 60 s', async () => {
    const h = await connected({ random: () => 0.5 });
    h.sockets.autoplay = false;
    const expected = [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000];
    for (const [index, delay] of expected.entries()) {
      const count = h.sockets.sockets.length;
      h.sockets.last().drop(index % 2 === 0 ? 408 : 428);
      // The first close is the disconnect (with its reason); the failed reconnections are not new ones.
      expect(h.recorded.statuses.at(-1)).toEqual({
        status: 'OPENING',
        retries: index + 1,
        ...(index === 0 ? { reason: 'connection-lost' } : {}),
      });
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(h.sockets.sockets).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.sockets.sockets).toHaveLength(count + 1);
    }
  });

  it('waits a random time within the ceiling (jitter bounds)', async () => {
    const h = await connected({ random: () => 0.9999 });
    h.sockets.autoplay = false;
    for (const ceiling of [1000, 2000, 4000]) {
      const count = h.sockets.sockets.length;
      h.sockets.last().drop(503);
      await vi.advanceTimersByTimeAsync(ceiling - 2);
      expect(h.sockets.sockets).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.sockets.sockets).toHaveLength(count + 1);
    }
  });

  it('starts the backoff afresh after a connection that stayed up', async () => {
    const h = await connected({ random: () => 0.5 });
    h.sockets.last().drop(408);
    await vi.advanceTimersByTimeAsync(500);
    await settle(vi);
    h.sockets.last().drop(408);
    await settle(vi);
    expect(h.recorded.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    await settle(vi);
    expect(h.statusNames().at(-1)).toBe('CONNECTED');
    await vi.advanceTimersByTimeAsync(61_000);
    h.sockets.last().drop(408);
    await settle(vi);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'OPENING', retries: 1, reason: 'connection-lost' });
  });

  it('a logout by the phone clears the credentials and ends the session: no reconnection', async () => {
    const h = await connected();
    await h.sockets.last().config.auth.keys.set({
      'pre-key': { '1': { public: new Uint8Array(1), private: new Uint8Array(1) } },
    });
    const count = h.sockets.sockets.length;
    h.sockets.last().drop(401);
    await settle(vi);
    expect(h.recorded.cleared).toBe(1);
    expect(h.table.list('C#1', 'WSESS#2#')).toEqual([]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.sockets.sockets).toHaveLength(count);
  });

  it('stop() closes the socket without logging out and never reconnects', async () => {
    const h = await connected();
    const socket = h.sockets.last();
    await h.session.stop();
    expect(socket.ended).toBe(true);
    expect(socket.loggedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.sockets.sockets).toHaveLength(2);
    expect(h.table.get('C#1', 'WSESS#2#creds')).toBeDefined();
  });

  it('logout() logs the device out', async () => {
    const h = await connected();
    await h.session.logout();
    expect(h.sockets.last().loggedOut).toBe(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.sockets.sockets).toHaveLength(2);
    expect(h.recorded.cleared).toBe(0);
  });

  it('retryNow() skips the wait of a pending reconnection', async () => {
    const h = await connected({ random: () => 0.99 });
    h.sockets.autoplay = false;
    for (let i = 0; i < 5; i += 1) {
      h.sockets.last().drop(408);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    h.sockets.last().drop(408);
    await settle(vi);
    const count = h.sockets.sockets.length;
    h.session.retryNow();
    await settle(vi);
    expect(h.sockets.sockets).toHaveLength(count + 1);
  });
});

describe('beta session: QR timeout', () => {
  it('ends as TIMEOUT when the QR codes run out unscanned', async () => {
    const h = betaHarness({ autoplay: false, beta: { maxQrs: 3 } });
    await h.session.start();
    const socket = h.sockets.last();
    for (let i = 1; i <= 4; i += 1) socket.emit('connection.update', { qr: `qr-${i}` });
    await settle(vi);
    expect(h.recorded.qrs).toEqual(['qr-1', 'qr-2', 'qr-3']);
    expect(h.statusNames().at(-1)).toBe('TIMEOUT');
    expect(socket.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.sockets.sockets).toHaveLength(1);
  });

  it("treats Baileys' own 'QR refs attempts ended' close (408 while unpaired) as TIMEOUT", async () => {
    const h = betaHarness({ autoplay: false });
    await h.session.start();
    h.sockets.last().emit('connection.update', { qr: 'qr-1' });
    void h.sockets.last().end(boom(408, 'QR refs attempts ended'));
    await settle(vi);
    expect(h.statusNames()).toEqual(['TIMEOUT']);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.sockets.sockets).toHaveLength(1);
  });

  it('a lost connection while a QR is shown is not a timeout: it reconnects', async () => {
    const h = betaHarness({ autoplay: false });
    await h.session.start();
    h.sockets.last().emit('connection.update', { qr: 'qr-1' });
    h.sockets.last().drop(408);
    await settle(vi);
    expect(h.recorded.statuses).toEqual([{ status: 'OPENING', retries: 1 }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sockets.sockets).toHaveLength(2);
  });
});

describe('beta session: silent socket', () => {
  it('probes a socket silent for 60 s and restarts it when the probe fails', async () => {
    const h = await connected({ random: () => 0.5 });
    const socket = h.sockets.last();
    socket.query.mockRejectedValue(new Error('timed out'));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(socket.query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.query).toHaveBeenCalledTimes(1);
    expect(socket.query.mock.calls[0]![0]).toMatchObject({ tag: 'iq', attrs: { xmlns: 'w:p', type: 'get' } });
    await settle(vi);
    expect(socket.ended).toBe(true);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'OPENING', retries: 1, reason: 'silent-socket' });
    await vi.advanceTimersByTimeAsync(500);
    await settle(vi);
    expect(h.sockets.sockets).toHaveLength(3);
    expect(h.statusNames().at(-1)).toBe('CONNECTED');
  });

  it('restarts a socket whose probe never answers', async () => {
    const h = await connected();
    const socket = h.sockets.last();
    socket.query.mockImplementation(() => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(75_000 + 15_000);
    expect(socket.ended).toBe(true);
  });

  it('keeps a silent socket that answers the probe, and never probes one with traffic', async () => {
    const h = await connected();
    const socket = h.sockets.last();
    await vi.advanceTimersByTimeAsync(80_000);
    expect(socket.query).toHaveBeenCalledTimes(1);
    expect(socket.ended).toBe(false);
    socket.query.mockClear();
    for (let i = 0; i < 20; i += 1) {
      socket.ws.emit('frame', {});
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(socket.query).not.toHaveBeenCalled();
    expect(socket.ended).toBe(false);
  });
});

describe('beta session: disconnect reasons (docs/connector.md, "Disconnect reasons")', () => {
  it.each([
    [428, 'connection-closed'],
    [408, 'connection-lost'],
    [440, 'replaced'],
    [500, 'bad-session'],
    [411, 'multidevice-mismatch'],
    [403, 'forbidden'],
    [503, 'unavailable'],
    [418, 'unknown'],
  ])('a connected socket closed with %i reports %s once, not on the failed reconnections', async (code, reason) => {
    const h = await connected();
    h.sockets.autoplay = false;
    h.sockets.last().drop(code);
    await settle(vi);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'OPENING', retries: 1, reason });
    await vi.advanceTimersByTimeAsync(1000);
    h.sockets.last().drop(code);
    await settle(vi);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'OPENING', retries: 2 });
  });

  it('a logout by the phone (401) reports DISCONNECTED with logged-out', async () => {
    const h = await connected();
    h.sockets.last().drop(401);
    await settle(vi);
    expect(h.recorded.statuses).toContainEqual({ status: 'DISCONNECTED', retries: 0, reason: 'logged-out' });
  });

  it("Baileys' end of the QR codes reports TIMEOUT with qr-expired", async () => {
    const h = betaHarness({ autoplay: false });
    await h.session.start();
    h.sockets.last().emit('connection.update', { qr: 'qr-1' });
    void h.sockets.last().end(boom(408, 'QR refs attempts ended'));
    await settle(vi);
    expect(h.recorded.statuses).toEqual([{ status: 'TIMEOUT', reason: 'qr-expired' }]);
  });

  it('restartRequired (515) after pairing is no disconnect', async () => {
    const h = await connected();
    expect(h.recorded.statuses.some((s) => s.reason !== undefined)).toBe(false);
  });
});
