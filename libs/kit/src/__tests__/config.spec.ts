import { bool, ConfigError, int, loadConfig, pem, str, url } from '../config';

const specs = {
  PORT: int({ default: 8080, min: 0, max: 65535 }),
  HOST: str({ default: '0.0.0.0' }),
  SIGNUP_ENABLED: bool({ default: true }),
  AMQP_URL: url({ protocols: ['amqp', 'amqps'], secret: true }),
  KEY: pem(),
};

describe('typed config', () => {
  it('applies defaults and parses values', () => {
    const config = loadConfig(specs, { PORT: '9000', SIGNUP_ENABLED: 'false', AMQP_URL: 'amqp://h:5672' });
    expect(config).toEqual({
      PORT: 9000,
      HOST: '0.0.0.0',
      SIGNUP_ENABLED: false,
      AMQP_URL: 'amqp://h:5672',
      KEY: undefined,
    });
  });

  it('takes a variable set to nothing or blanks as not set', () => {
    expect(loadConfig(specs, { PORT: '', HOST: '  ' })).toMatchObject({ PORT: 8080, HOST: '0.0.0.0' });
  });

  it('fails fast naming the variable', () => {
    expect(() => loadConfig(specs, { PORT: 'eighty' })).toThrow(new ConfigError('PORT must be an integer'));
    expect(() => loadConfig(specs, { PORT: '70000' })).toThrow(new ConfigError('PORT must be <= 65535'));
    expect(() => loadConfig(specs, { SIGNUP_ENABLED: 'maybe' })).toThrow(
      new ConfigError('SIGNUP_ENABLED must be true or false'),
    );
    expect(() => loadConfig(specs, { AMQP_URL: 'http://x' })).toThrow(
      new ConfigError('AMQP_URL must use amqp or amqps'),
    );
    expect(() => loadConfig(specs, { KEY: 'not a key' })).toThrow(new ConfigError('KEY must be a PEM key'));
  });

  it('never echoes a secret value in its error', () => {
    try {
      loadConfig(specs, { AMQP_URL: 'amqp//user:hunter2@host' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('turns escaped newlines of a PEM into real ones', () => {
    const config = loadConfig(specs, { KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----' });
    expect(config.KEY).toBe('-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----');
  });
});
