import { describe, expect, it } from 'vitest';
import {
  campaignGreaterIntervalOptions,
  campaignLongerIntervalAfterOptions,
  campaignMessageIntervalOptions,
} from '@atende/shared/constants';
import { chooseSlot, fillVariables, filledSlots } from '#domain/campaign-messages';
import {
  gapBefore,
  minimumGapBefore,
  planSendOffsets,
  queueDelayFor,
  randomWait,
  type PacingSettings,
} from '#domain/campaign-pacing';
import {
  assertCampaignEditable,
  assertMayCancel,
  assertMayRestart,
  statusAfterSave,
} from '#domain/campaign-rules';

/** A seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every combination of the §9 option lists. */
const allSettings: PacingSettings[] = campaignMessageIntervalOptions.flatMap((messageInterval) =>
  campaignLongerIntervalAfterOptions.flatMap((longerIntervalAfter) =>
    campaignGreaterIntervalOptions.map((greaterInterval) => ({
      messageInterval,
      longerIntervalAfter,
      greaterInterval,
    })),
  ),
);

describe('campaign pacing plan', () => {
  it('keeps every gap within [minimum, minimum + messageInterval] for every setting of §9', () => {
    const violations: string[] = [];
    let seed = 1;
    for (const settings of allSettings) {
      const random = seeded(seed);
      const count = 250;
      const offsets = planSendOffsets(count, settings, random);
      if (offsets.length !== count || offsets[0] !== 0)
        violations.push(`seed ${seed}: ${offsets.length} offsets from ${offsets[0]}`);
      for (let position = 1; position < count; position += 1) {
        const gap = offsets[position]! - offsets[position - 1]!;
        const minimum = minimumGapBefore(position, settings);
        if (!Number.isInteger(gap) || gap < minimum || gap > minimum + settings.messageInterval) {
          violations.push(`seed ${seed} ${JSON.stringify(settings)} position ${position}: gap ${gap}`);
        }
      }
      seed += 1;
    }
    expect(violations).toEqual([]);
  });

  it('adds the longer interval after every longerIntervalAfter messages, and never when it is 0', () => {
    const noWait = () => 0;
    const settings = { messageInterval: 0, longerIntervalAfter: 3, greaterInterval: 60 };
    expect(planSendOffsets(8, settings, noWait)).toEqual([0, 0, 0, 60, 60, 60, 120, 120]);
    expect(planSendOffsets(5, { ...settings, longerIntervalAfter: 0 }, noWait)).toEqual([0, 0, 0, 0, 0]);
    // The waits are seconds: 20 s at most between messages, 60 s more after each block of 20.
    const longest = () => 0.999999;
    const defaults = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    const offsets = planSendOffsets(41, defaults, longest);
    expect(offsets[1]).toBe(20);
    expect(offsets[20]! - offsets[19]!).toBe(80);
    expect(offsets[40]).toBe(40 * 20 + 2 * 60);
  });

  it('spreads the random wait over every whole second from 0 to messageInterval', () => {
    const random = seeded(42);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) seen.add(randomWait(5, random));
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(randomWait(0, random)).toBe(0);
    expect(gapBefore(0, { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 120 }, random)).toBe(
      0,
    );
  });

  it('never asks the queue for more than 15 minutes of delay', () => {
    expect(queueDelayFor(-5)).toBe(0);
    expect(queueDelayFor(1)).toBe(1);
    expect(queueDelayFor(1500)).toBe(2);
    expect(queueDelayFor(3_600_000)).toBe(900);
  });
});

describe('campaign messages', () => {
  it('chooses among the filled slots only, each of them some of the time', () => {
    const slots = filledSlots({
      message1: 'uno',
      message2: '  ',
      message3: 'tres',
      confirmationMessage3: '¿Sí?',
      message5: null,
    });
    expect(slots).toEqual([
      { slot: 1, message: 'uno', confirmationMessage: '' },
      { slot: 3, message: 'tres', confirmationMessage: '¿Sí?' },
    ]);
    const random = seeded(7);
    const chosen = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const slot = chooseSlot(slots, random)!.slot;
      chosen.set(slot, (chosen.get(slot) ?? 0) + 1);
    }
    expect([...chosen.keys()].sort()).toEqual([1, 3]);
    expect(chosen.get(1)!).toBeGreaterThan(350);
    expect(chosen.get(3)!).toBeGreaterThan(350);
    expect(chooseSlot([], random)).toBeUndefined();
  });

  it('fills {nome}, {numero}, {email} and the custom variables, every occurrence', () => {
    const text = 'Hola {nome} ({numero}) {email}: {tienda} abre {horario}. {nome}! {desconocida} {a.b}';
    const filled = fillVariables(text, { name: 'Ana', number: '5511999990000', email: null }, [
      { key: 'tienda', value: 'Centro' },
      { key: 'horario', value: '$& 9h' },
      { key: 'tienda', value: 'no' },
      { key: 'nome', value: 'pisada' },
      { key: 'a.b', value: 'punto' },
    ]);
    expect(filled).toBe('Hola Ana (5511999990000) : Centro abre $& 9h. Ana! {desconocida} punto');
  });
});

describe('campaign status rules', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('edits INATIVA and CANCELADA, PROGRAMADA only more than an hour ahead, never running or finished', () => {
    expect(() => assertCampaignEditable({ status: 'INATIVA' }, now)).not.toThrow();
    expect(() => assertCampaignEditable({ status: 'CANCELADA' }, now)).not.toThrow();
    expect(() =>
      assertCampaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-05-01T13:00:01Z' }, now),
    ).not.toThrow();
    expect(() =>
      assertCampaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-05-01T13:00:00Z' }, now),
    ).toThrow('ERR_CAMPAIGN_NOT_EDITABLE');
    expect(() => assertCampaignEditable({ status: 'EM_ANDAMENTO' }, now)).toThrow(
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    expect(() => assertCampaignEditable({ status: 'FINALIZADA' }, now)).toThrow('ERR_CAMPAIGN_NOT_EDITABLE');
  });

  it('schedules with a date, stays INATIVA without, keeps a cancelled one cancelled', () => {
    expect(statusAfterSave(undefined, '2026-05-01T13:00:00Z')).toBe('PROGRAMADA');
    expect(statusAfterSave('PROGRAMADA', null)).toBe('INATIVA');
    expect(statusAfterSave('INATIVA', undefined)).toBe('INATIVA');
    expect(statusAfterSave('CANCELADA', '2026-05-01T13:00:00Z')).toBe('CANCELADA');
  });

  it('cancels only a running campaign and restarts only a cancelled one', () => {
    expect(() => assertMayCancel({ status: 'EM_ANDAMENTO' })).not.toThrow();
    for (const status of ['INATIVA', 'PROGRAMADA', 'CANCELADA', 'FINALIZADA'] as const) {
      expect(() => assertMayCancel({ status })).toThrow('ERR_CAMPAIGN_STATUS');
    }
    expect(() => assertMayRestart({ status: 'CANCELADA' })).not.toThrow();
    for (const status of ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'FINALIZADA'] as const) {
      expect(() => assertMayRestart({ status })).toThrow('ERR_CAMPAIGN_STATUS');
    }
  });
});
