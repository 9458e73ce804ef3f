import { join } from 'node:path';
import { createMailer, type Mailer } from '@crm/mail';
import type { ServiceContext } from '@crm/service-host';
import { loadIdentityConfig, type IdentityConfig } from './config';
import { hashPassword, type ScryptParameters } from './auth/passwords';

// What identity's handlers share within one running service: its validated settings and the
// password hashing parameters derived from them.
export interface IdentityRuntime {
  context: ServiceContext;
  config: IdentityConfig;
  scrypt: ScryptParameters;
  mailer: Mailer;
  // Verified against when an email is unknown, so sign-in costs the same either way.
  dummyPasswordHash(): Promise<string>;
}

// Built once per start by the host (identity-service.ts): the settings are read and checked first,
// so a bad value stops the service naming the variable.
export function identityRuntime(context: ServiceContext): IdentityRuntime {
  const config = loadIdentityConfig(context.env);
  const scrypt: ScryptParameters = { log2N: config.scryptLog2N, r: 8, p: 1 };
  // Made once at start, so the first sign-in with an unknown email is not the slow one.
  const dummy = hashPassword('not a real password, never matches', scrypt);
  dummy.catch((error: unknown) => context.logger.error({ err: error }, 'could not prepare the dummy password hash'));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailboxDir: join(context.dataDir, 'mailbox'),
    from: config.mailFrom,
    logger: context.logger,
  });
  context.onStop('mailer', async () => mailer.close());
  return { context, config, scrypt, mailer, dummyPasswordHash: () => dummy };
}
