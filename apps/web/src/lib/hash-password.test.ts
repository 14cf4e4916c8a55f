import { sha256 } from 'js-sha256';
import { describe, expect, it } from 'vitest';
import { hashPassword } from './hash-password';

describe('hashPassword', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 text', async () => {
    expect(await hashPassword('demo1234')).toBe('0ead2060b65992dca4769af601a1b3a35ef38cfad2c2c465bb160ea764157c5d');
    expect(await hashPassword('密码abc')).toBe(sha256('密码abc'));
  });
});
