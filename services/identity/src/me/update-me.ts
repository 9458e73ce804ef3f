import { userUpdated } from '@crm/protos';
import { isoNow, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { userState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { userModel, type UserRecord } from '../users/user.model';
import { avatarProblem } from './avatar';
import type { UpdateMeBody } from './me.operations';

// The two parts of a name stored before first_name and last_name existed (sign-up takes one
// name): the first word, and the rest.
export function splitName(name: string): { first: string; last: string } {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { first: trimmed, last: '' };
  return { first: trimmed.slice(0, space), last: trimmed.slice(space).trim() };
}

export function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

type ChangedField = 'first_name' | 'last_name' | 'name' | 'avatar' | 'email_notifications';

// Changes the caller's own profile. `name` follows first_name and last_name ("first last");
// members lists, events and audit labels show it from the next request on.
export async function updateMe(runtime: IdentityRuntime, claims: InternalClaims, body: UpdateMeBody): Promise<void> {
  if (typeof body.avatar === 'string') {
    const problem = avatarProblem(body.avatar);
    if (problem) throw validationFailed(problem);
  }
  const users = userModel(runtime.context.connection);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const user = await users.findById(claims.user_id).session(transaction).lean<UserRecord>().exec();
    if (!user) throw notFound('user');

    const parts = splitName(user.name);
    const currentFirst = user.first_name ?? parts.first;
    const currentLast = user.last_name ?? parts.last;
    const first = body.first_name ?? currentFirst;
    const last = body.last_name ?? currentLast;
    const name = fullName(first, last);

    const set: Partial<UserRecord> = {};
    const fields: ChangedField[] = [];
    if (first !== currentFirst || user.first_name == null) set.first_name = first;
    if (last !== currentLast || user.last_name == null) set.last_name = last;
    if (body.first_name !== undefined && first !== currentFirst) fields.push('first_name');
    if (body.last_name !== undefined && last !== currentLast) fields.push('last_name');
    if (name !== user.name) {
      set.name = name;
      fields.push('name');
    }
    if (body.avatar !== undefined && body.avatar !== (user.avatar ?? null)) {
      set.avatar = body.avatar;
      fields.push('avatar');
    }
    if (body.email_notifications !== undefined && body.email_notifications !== user.email_notifications) {
      set.email_notifications = body.email_notifications;
      fields.push('email_notifications');
    }
    if (fields.length === 0) return;

    const version = (user.version ?? 1) + 1;
    await users.updateOne(
      { _id: user._id },
      { $set: { ...set, version, updated_at: isoNow() } },
      { session: transaction },
    );
    publish(userUpdated, {
      workspace_id: claims.workspace_id,
      actor: claims.actor,
      data: { ...userState({ ...user, ...set, version }), fields },
    });
  });
}
