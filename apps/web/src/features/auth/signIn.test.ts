import { describe, expect, it } from 'vitest';
import { parseLoginResult } from './signIn.ts';

describe('login result', () => {
  it('is a plain token', () => {
    expect(parseLoginResult('abc123')).toEqual({ token: 'abc123', mustChangeMessage: null });
  });

  it('splits "<message>#<token>" at the first #', () => {
    expect(parseLoginResult('请先修改密码#tok#en')).toEqual({
      token: 'tok#en',
      mustChangeMessage: '请先修改密码',
    });
  });
});
