import { describe, expect, it } from 'vitest';
import { limits } from '@atende/shared/constants';
import { messageLength } from './message-length.ts';

describe('the chat message counter', () => {
  it("counts against the API's limit, showing only near it and refusing past it", () => {
    expect(limits.messageBodyMax).toBe(65_536);
    expect(messageLength('hola')).toEqual({ count: 4, max: 65_536, near: false, over: false });
    expect(messageLength('x'.repeat(58_982))).toMatchObject({ near: true, over: false });
    expect(messageLength('x'.repeat(58_981))).toMatchObject({ near: false });
    expect(messageLength('x'.repeat(65_536))).toMatchObject({ near: true, over: false });
    expect(messageLength('x'.repeat(65_537))).toMatchObject({ near: true, over: true });
    expect(messageLength('abcdef', 5)).toEqual({ count: 6, max: 5, near: true, over: true });
  });
});
