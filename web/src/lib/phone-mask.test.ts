import { describe, expect, it } from 'vitest';
import { maskPhone, phoneDigits } from './phone-mask.ts';

describe('maskPhone ((99) 99999-9999)', () => {
  it('formats the digits as they are typed', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('1198765')).toBe('(11) 98765');
    expect(maskPhone('11987654')).toBe('(11) 98765-4');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('ignores what is not a digit and stops at 11 digits', () => {
    expect(maskPhone('(11) 98765-4321 99')).toBe('(11) 98765-4321');
    expect(maskPhone('ab1c1d9')).toBe('(11) 9');
  });

  it('is stable when a masked value is masked again', () => {
    const once = maskPhone('1198765432');
    expect(maskPhone(once)).toBe(once);
  });

  it('keeps only the digits for the API', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321');
    expect(phoneDigits('(11) 98765-4321 00')).toBe('11987654321');
  });
});
