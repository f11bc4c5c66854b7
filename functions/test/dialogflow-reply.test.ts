import { describe, expect, it } from 'vitest';
import { dialogflowAnswer, dialogflowQueryText, dialogflowTextLimit } from '#domain/dialogflow-reply';

describe('dialogflowAnswer', () => {
  it('answers the default platform fulfilment texts in order, skipping blanks and other platforms', () => {
    const answer = dialogflowAnswer({
      fulfillmentText: 'Hola',
      fulfillmentMessages: [
        { platform: 'PLATFORM_UNSPECIFIED', text: { text: ['Hola', ''] } },
        { platform: 'FACEBOOK', text: { text: ['Solo para Facebook'] } },
        { text: { text: ['¿En qué puedo ayudar?', '   '] } },
      ],
      intent: { displayName: 'Saludo' },
    });
    expect(answer).toEqual({ texts: ['Hola', '¿En qué puedo ayudar?'], handOff: false, intent: 'Saludo' });
  });

  it('falls back to fulfillmentText when no message has text, and to nothing when there is none', () => {
    expect(dialogflowAnswer({ fulfillmentText: 'Solo texto', fulfillmentMessages: [] }).texts).toEqual([
      'Solo texto',
    ]);
    expect(dialogflowAnswer({ fulfillmentText: '', fulfillmentMessages: [] }).texts).toEqual([]);
    expect(dialogflowAnswer(undefined)).toEqual({ texts: [], handOff: false, intent: undefined });
  });

  it('hands off on end of conversation (either Struct form), live agent handoff, end interaction or a transfer action', () => {
    expect(dialogflowAnswer({ diagnosticInfo: { end_conversation: true } }).handOff).toBe(true);
    expect(
      dialogflowAnswer({ diagnosticInfo: { fields: { end_conversation: { boolValue: true } } } }).handOff,
    ).toBe(true);
    expect(
      dialogflowAnswer({ diagnosticInfo: { fields: { end_conversation: { boolValue: false } } } }).handOff,
    ).toBe(false);
    expect(dialogflowAnswer({ intent: { liveAgentHandoff: true } }).handOff).toBe(true);
    expect(dialogflowAnswer({ intent: { endInteraction: true } }).handOff).toBe(true);
    expect(dialogflowAnswer({ action: ' Transfer ' }).handOff).toBe(true);
    expect(dialogflowAnswer({ action: 'input.welcome' }).handOff).toBe(false);
  });
});

describe('dialogflowQueryText', () => {
  it('trims and cuts to the text input limit', () => {
    expect(dialogflowQueryText('  hola  ')).toBe('hola');
    expect(dialogflowQueryText('x'.repeat(400))).toHaveLength(dialogflowTextLimit);
    expect(dialogflowQueryText('   ')).toBe('');
  });
});
