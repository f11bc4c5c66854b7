import { describe, expect, it } from 'vitest';
import {
  ackMeanings,
  appVersion,
  campaignGreaterIntervalOptions,
  campaignLongerIntervalAfterOptions,
  campaignMessageIntervalOptions,
  campaignSettingsDefaults,
  contactsCsvExport,
  dashboardPeriodDays,
  defaultCompanySettings,
  defaultQueueSchedules,
  defaultTimeZone,
  integrationLanguages,
  integrationTypes,
  promptDefaults,
  promptVoices,
  queueColourPalette,
  ratingMeanings,
  recurrenceMonths,
  resetPasswordPattern,
  ticketPageSize,
  volume,
  weekHoursSchema,
  weekdaysEn,
} from '../src/index.ts';

describe('queue colour palette', () => {
  it('has exactly 50 colours', () => {
    expect(queueColourPalette).toHaveLength(50);
  });

  it('has no duplicates, even ignoring case', () => {
    expect(new Set(queueColourPalette.map((colour) => colour.toLowerCase())).size).toBe(50);
  });

  it('holds only #rrggbb colours, which fit the 3..9 queue colour rule', () => {
    for (const colour of queueColourPalette) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('default queue hours', () => {
  it('opens Monday to Friday 08:00-18:00, Saturday 08:00-12:00 and closes Sunday', () => {
    expect(defaultQueueSchedules.map((row) => `${row.weekdayEn} ${row.startTime}-${row.endTime}`)).toEqual([
      'monday 08:00-18:00',
      'tuesday 08:00-18:00',
      'wednesday 08:00-18:00',
      'thursday 08:00-18:00',
      'friday 08:00-18:00',
      'saturday 08:00-12:00',
      'sunday 00:00-00:00',
    ]);
  });

  it('names the weekdays in Portuguese, Segunda-feira to Domingo', () => {
    expect(defaultQueueSchedules[0]?.weekday).toBe('Segunda-feira');
    expect(defaultQueueSchedules[6]?.weekday).toBe('Domingo');
    expect(defaultQueueSchedules.map((row) => row.weekdayEn)).toEqual([...weekdaysEn]);
  });

  it('is itself a valid week of hours', () => {
    expect(weekHoursSchema.safeParse(defaultQueueSchedules).success).toBe(true);
  });
});

describe('business constants', () => {
  it('match the specs', () => {
    expect(appVersion).toBe('6.0.0');
    expect(dashboardPeriodDays).toEqual([3, 7, 15, 30, 60, 90]);
    expect(volume).toEqual({ min: 0, max: 1, step: 0.1, default: 1 });
    expect(ratingMeanings).toEqual({ 1: 'unsatisfied', 2: 'satisfied', 3: 'verySatisfied' });
    expect(ackMeanings[1]).toBe('sent');
    expect(ackMeanings[2]).toBe('delivered');
    expect(ackMeanings[3]).toBe('read');
    expect(ackMeanings[4]).toBe(ackMeanings[5]);
    expect(recurrenceMonths).toEqual({ MENSUAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 });
    expect(ticketPageSize).toBe(40);
    expect(defaultTimeZone).toBe('America/Sao_Paulo');
    expect(contactsCsvExport).toEqual({
      separator: ';',
      filename: 'contatos.csv',
      fields: ['name', 'number', 'email'],
    });
  });

  it('lists the campaign interval options with their defaults among them', () => {
    expect(campaignMessageIntervalOptions).toEqual([0, 5, 10, 15, 20]);
    expect(campaignLongerIntervalAfterOptions).toEqual([0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]);
    expect(campaignGreaterIntervalOptions).toEqual([0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]);
    expect(campaignSettingsDefaults).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
  });

  it('offers texto plus 15 distinct pt-BR neural voices', () => {
    expect(promptVoices[0]).toBe('texto');
    const neural = promptVoices.slice(1);
    expect(neural).toHaveLength(15);
    expect(new Set(neural).size).toBe(15);
    for (const voice of neural) expect(voice).toMatch(/^pt-BR-[A-Z][a-z]+Neural$/);
    expect(promptDefaults).toEqual({ voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 });
  });

  it('lists the integration types and languages', () => {
    expect(integrationTypes).toEqual(['dialogflow', 'n8n', 'webhook', 'typebot']);
    expect(integrationLanguages).toEqual(['pt-BR', 'en', 'es']);
  });

  it('has the default company settings', () => {
    expect(defaultCompanySettings).toEqual({
      userRating: 'disabled',
      scheduleType: 'disabled',
      call: 'enabled',
      CheckMsgIsGroup: 'enabled',
      sendGreetingAccepted: 'disabled',
      sendMsgTransfTicket: 'disabled',
      sendGreetingMessageOneQueues: 'disabled',
      chatBotType: 'text',
    });
  });

  it('has a reset password pattern of 8+ characters with upper, lower and digit', () => {
    expect(resetPasswordPattern.test('Abcdefg1')).toBe(true);
    expect(resetPasswordPattern.test('Abcdef1')).toBe(false);
    expect(resetPasswordPattern.test('abcdefg1')).toBe(false);
    expect(resetPasswordPattern.test('ABCDEFG1')).toBe(false);
    expect(resetPasswordPattern.test('Abcdefgh')).toBe(false);
  });
});
