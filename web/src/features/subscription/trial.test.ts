import { describe, expect, it } from 'vitest';
import { subscriptionLine, trialLine } from './trial.ts';

// 09:00 in São Paulo on 15 March 2025.
const now = new Date('2025-03-15T12:00:00Z');

describe('subscription trial line (extended §2.9)', () => {
  it('counts the days left, rounded up, to a trial expiration instant', () => {
    expect(trialLine({ trialExpiration: '2025-03-18T12:00:00Z' }, now)).toBe('Su período de prueba termina en 3 días.');
    expect(trialLine({ trialExpiration: '2025-03-17T13:00:00Z' }, now)).toBe('Su período de prueba termina en 3 días.');
    expect(trialLine({ trialExpiration: '2025-03-16T00:00:00Z' }, now)).toBe('Su período de prueba termina en 1 día.');
    expect(trialLine({ trialExpiration: '2025-03-15T11:00:00Z' }, now)).toBe('Su período de prueba terminó.');
  });

  it('counts calendar days to a bare day, falling back to the due date', () => {
    expect(trialLine({ trialExpiration: '2025-03-18' }, now)).toBe('Su período de prueba termina en 3 días.');
    expect(trialLine({ trialExpiration: null, dueDate: '2025-03-16' }, now)).toBe('Su período de prueba termina en 1 día.');
    expect(trialLine({ dueDate: '2025-03-15' }, now)).toBe('Su período de prueba termina hoy.');
  });

  it('says the trial ended once it is past, and nothing without dates', () => {
    expect(trialLine({ dueDate: '2025-03-01' }, now)).toBe('Su período de prueba terminó.');
    expect(trialLine({}, now)).toBeUndefined();
    expect(trialLine({ dueDate: 'garbage' }, now)).toBeUndefined();
  });
});

describe('subscription headline', () => {
  it('says the subscription expired when the due date passed, whatever the trial date', () => {
    expect(subscriptionLine({ trialExpiration: '2025-03-18', dueDate: '2025-03-01', status: true }, now)).toEqual({
      text: 'Su suscripción venció el 01/03/2025.',
      ended: true,
      kind: 'expired',
    });
    expect(subscriptionLine({ dueDate: '2025-04-01', status: false }, now)).toEqual({
      text: 'Su empresa está inactiva.',
      ended: true,
      kind: 'expired',
    });
    expect(subscriptionLine({ trialExpiration: '2025-03-18', dueDate: '2025-03-18', status: true }, now)).toEqual({
      text: 'Su período de prueba termina en 3 días.',
      ended: false,
      kind: 'trial',
    });
  });
});
