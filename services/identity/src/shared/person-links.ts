import type { ClientSession, Connection, Model } from 'mongoose';
import { field, isoNow, type RecordOf } from '@crm/kit';
import { userModel, type UserRecord } from '../users/user.model';
import { linkTokenDigest } from './link-token';

// What every single-use link mailed to a person (not to a workspace) keeps: password changes and
// email verifications. Only the token's digest is stored; the latest link sent is the only one
// that works, once, until it expires.
export const PERSON_LINK_FIELDS = {
  _id: field.string({ required: true }),
  token_digest: field.string({ required: true }),
  user_id: field.string({ required: true }),
  created_at: field.string({ required: true }),
  expires_at: field.string({ required: true }),
  // Set when the link was followed.
  used_at: field.string({ default: null }),
  // Set when a newer link was sent: only the latest works.
  replaced_at: field.string({ default: null }),
};

export type PersonLinkRecord = RecordOf<typeof PERSON_LINK_FIELDS>;

// Usable: not used, not replaced by a newer link, not expired at `now`.
export function isOpenLink(link: PersonLinkRecord, now: string): boolean {
  return link.used_at === null && link.replaced_at === null && link.expires_at > now;
}

export interface OpenPersonLink<R extends PersonLinkRecord> {
  link: R;
  user: UserRecord;
}

// The link a token opens while it can still be used, with its person. Unknown, malformed, used,
// replaced and expired tokens all give null: callers answer 404 and reveal nothing more.
export async function findOpenPersonLink<R extends PersonLinkRecord>(
  connection: Connection,
  links: Model<R>,
  prefix: string,
  token: unknown,
  transaction?: ClientSession,
): Promise<OpenPersonLink<R> | null> {
  const digest = linkTokenDigest(prefix, token);
  if (!digest) return null;
  const session = transaction ?? null;
  const link = await links.findOne({ token_digest: digest }).session(session).lean<R>().exec();
  if (!link || !isOpenLink(link, isoNow())) return null;
  const user = await userModel(connection).findById(link.user_id).session(session).lean<UserRecord>().exec();
  return user ? { link, user } : null;
}

// Before a new link is stored: the person's earlier ones stop working.
export async function replaceOpenLinks<R extends PersonLinkRecord>(
  links: Model<R>,
  userId: string,
  now: string,
  transaction: ClientSession,
): Promise<void> {
  await links.updateMany(
    { user_id: userId, used_at: null, replaced_at: null },
    { $set: { replaced_at: now } },
    { session: transaction },
  );
}

// Marks the link used, conditional on its still being open: of two uses of one link at once,
// only one gets true.
export async function useLinkOnce<R extends PersonLinkRecord>(
  links: Model<R>,
  id: string,
  now: string,
  transaction: ClientSession,
): Promise<boolean> {
  const used = await links.updateOne(
    { _id: id, used_at: null, replaced_at: null, expires_at: { $gt: now } },
    { $set: { used_at: now } },
    { session: transaction },
  );
  return used.modifiedCount === 1;
}
