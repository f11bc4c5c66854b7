import { describe, expect, it } from 'vitest';
import { languages } from '@atende/shared/language';
import { completionTexts, planRatingAnswer } from '../src/domain/chatbot/automation-plan.ts';
import { chatMenuOf } from '../src/domain/chatbot/menu-message.ts';
import {
  acceptGreetingText,
  customerTexts,
  optionMenuText,
  ratingRequestText,
  transferNoticeText,
} from '../src/domain/chatbot/texts.ts';

/** The default texts customers get, in the company's language (docs/i18n.md); Spanish without one. */
describe('customer-facing default texts', () => {
  it('are Spanish when the company has no language, as before the languages', () => {
    expect(transferNoticeText({ queueName: 'Ventas' })).toBe(
      'Su conversación fue transferida al sector *Ventas*. En breve le atenderemos.',
    );
    expect(ratingRequestText(null)).toBe(
      'Por favor, califique nuestra atención respondiendo solo con un número:\n\n*1* - Insatisfecho\n*2* - Satisfecho\n*3* - Muy satisfecho',
    );
    expect(optionMenuText('Elija', [{ number: '1', title: 'A' }])).toBe(
      'Elija\n\n*1* - A\n\n*0* - Volver\n*#* - Menú principal',
    );
  });

  it('follow the company language: Portuguese and English', () => {
    expect(transferNoticeText({ userName: 'Ana', queueName: 'Vendas' }, 'pt-BR')).toBe(
      'Sua conversa foi transferida para *Ana* (Vendas). Em breve você será atendido.',
    );
    expect(transferNoticeText({}, 'en')).toBe(
      'Your conversation was transferred. We will be with you shortly.',
    );
    expect(acceptGreetingText('Maria', 'Ana', 'en')).toBe(
      "Hello Maria! I'm *Ana* and I'll be taking care of you from now on.",
    );
    expect(optionMenuText('Escolha', [{ number: '1', title: 'A' }], 'pt-BR')).toBe(
      'Escolha\n\n*1* - A\n\n*0* - Voltar\n*#* - Menu principal',
    );
    expect(completionTexts({}, true, 'pt-BR')).toEqual(['Obrigado pela sua avaliação!']);
    expect(planRatingAnswer({ ratingAsks: 1 }, 'hmm', {}, 'en').replies[0]).toMatch(
      /^Please rate our service.*\n\n\*1\* - Unsatisfied/s,
    );
    const menu = chatMenuOf(
      'list',
      { header: 'Menu', entries: [{ number: '1', title: 'A' }], navigation: true },
      'en',
    );
    expect(menu).toMatchObject({
      buttonText: 'See options',
      rows: [{ id: '1' }, { id: '0', title: 'Back' }, { id: '#', title: 'Main menu' }],
    });
  });

  it('never translate what the company wrote', () => {
    for (const language of languages)
      expect(ratingRequestText('¿Qué tal?', language).startsWith('¿Qué tal?\n\n')).toBe(true);
    expect(completionTexts({ complationMessage: 'Gracias' }, true, 'en')).toEqual(['Gracias']);
  });

  it('exist in every language, none empty', () => {
    for (const language of languages) {
      for (const [name, text] of Object.entries(customerTexts[language])) {
        const value = typeof text === 'function' ? text('Cliente', 'Ana') : text;
        expect(String(value).trim(), `${language} ${name}`).not.toBe('');
      }
    }
  });
});
