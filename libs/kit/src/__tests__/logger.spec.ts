import { createLogger, redactSecrets } from '../logger';

describe('log redaction', () => {
  it('cuts our tokens out of paths and secret-named query values out of URLs, and keeps the rest', () => {
    expect(redactSecrets('/v1/public/password-resets/crm_pwd_4fJ9a0Zb1Qx7Lm3Np5Rs8Tu2Vw6Xy0AbCdEf')).toBe(
      '/v1/public/password-resets/crm_pwd_[redacted]',
    );
    expect(
      redactSecrets(
        '/v1/files/f1/content?expires=1700000000&signature=9f8e7d6c&X-Amz-Signature=abc&access_token=t1&page=2',
      ),
    ).toBe(
      '/v1/files/f1/content?expires=1700000000&signature=[redacted]&X-Amz-Signature=[redacted]&access_token=[redacted]&page=2',
    );
    expect(redactSecrets('database crm_crm_core opened, cursor=abc')).toBe('database crm_crm_core opened, cursor=abc');
  });

  it('applies to every field of a line, the message and error text included', () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
    const key = 'crm_ak_3fK9x2Qa_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg123456';
    logger.info({ url: `/v1/things?token=${key}`, err: new Error(`bad key ${key}`) }, `seen ${key}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('0123456789ABCDEFGHIJ');
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'seen crm_ak_[redacted]', url: '/v1/things?token=[redacted]' });
  });
});
