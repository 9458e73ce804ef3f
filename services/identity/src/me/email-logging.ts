import { randomBytes } from 'node:crypto';
import { type InternalClaims, isDuplicateKey, isoNow, newId } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { findActiveMember } from '../members/memberships';
import { emailLoggingAddressModel, type EmailLoggingAddressRecord } from './email-logging-address.model';
import type { EmailLoggingView as EmailLogging } from './me.operations';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
// 16 base32 characters: 80 random bits, short enough to type, far too many to guess.
const TOKEN_LENGTH = 16;
const CREATE_ATTEMPTS = 3;

export function newLoggingToken(): string {
  // 5 bits per character from one random byte each: 256 is a multiple of 32, so no bias.
  return [...randomBytes(TOKEN_LENGTH)].map((byte) => BASE32[byte & 31]).join('');
}

const DISABLED: EmailLogging = { enabled: false, address: null };

// A personal address per member and workspace. API keys have no mailbox, and support staff
// are not members, so they get none.
export async function emailLoggingOf(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
): Promise<EmailLogging> {
  if (claims.actor.type !== 'user' || claims.support) return DISABLED;
  const { connection } = runtime.context;
  const member = await findActiveMember(connection, workspaceId, claims.user_id);
  if (!member) return DISABLED;
  const addresses = emailLoggingAddressModel(connection);
  const addressOf = (record: EmailLoggingAddressRecord): EmailLogging => ({
    enabled: true,
    address: `log-${record.token}@${runtime.config.mailLoggingDomain}`,
  });

  for (let attempt = 1; ; attempt += 1) {
    const existing = await addresses
      .findOne({ workspace_id: workspaceId, member_id: member._id })
      .lean<EmailLoggingAddressRecord>()
      .exec();
    if (existing) return addressOf(existing);
    const record: EmailLoggingAddressRecord = {
      _id: newId(),
      workspace_id: workspaceId,
      member_id: member._id,
      user_id: member.user_id,
      token: newLoggingToken(),
      created_at: isoNow(),
    };
    try {
      await addresses.create([record]);
      return addressOf(record);
    } catch (error) {
      // Two first requests at once (the member's unique index), or a token collision: read or
      // draw again.
      if (attempt < CREATE_ATTEMPTS && isDuplicateKey(error)) continue;
      throw error;
    }
  }
}
