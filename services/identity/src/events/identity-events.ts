import type { EventActor } from '@crm/bus';
import {
  apiKeyCreated,
  apiKeyRevoked,
  memberAdded,
  memberUpdated,
  roleCreated,
  roleDeleted,
  roleUpdated,
  sessionEnded,
  sessionStarted,
  sessionSwitched,
  supportAccessGranted,
  supportAccessRevoked,
  userSignedUp,
  userUpdated,
  workspaceCreated,
  workspaceUpdated,
} from '@crm/protos';

// The contracts live in @crm/protos (protos/events/identity-events.ts); these are identity's
// short names for their types.
export const IDENTITY_EVENTS = {
  userSignedUp: userSignedUp.type,
  sessionStarted: sessionStarted.type,
  sessionSwitched: sessionSwitched.type,
  sessionEnded: sessionEnded.type,
  workspaceCreated: workspaceCreated.type,
  memberAdded: memberAdded.type,
  apiKeyCreated: apiKeyCreated.type,
  apiKeyRevoked: apiKeyRevoked.type,
  workspaceUpdated: workspaceUpdated.type,
  memberUpdated: memberUpdated.type,
  roleCreated: roleCreated.type,
  roleUpdated: roleUpdated.type,
  roleDeleted: roleDeleted.type,
  userUpdated: userUpdated.type,
  supportAccessGranted: supportAccessGranted.type,
  supportAccessRevoked: supportAccessRevoked.type,
} as const;

export type {
  ApiKeyCreatedData,
  ApiKeyRevokedData,
  MemberAddedData,
  MemberUpdatedData,
  RoleCreatedData,
  RoleDeletedData,
  RoleUpdatedData,
  SessionEndedData,
  SessionStartedData,
  SessionSwitchedData,
  SupportAccessGrantedData,
  SupportAccessRevokedData,
  UserSignedUpData,
  UserUpdatedData,
  WorkspaceCreatedData,
  WorkspaceUpdatedData,
} from '@crm/protos';

// One changed field: its value before and after the change.
export interface FieldChange<T = unknown> {
  before: T;
  after: T;
}

export function userActor(user: { _id: string; name: string }): EventActor {
  return { type: 'user', id: user._id, label: user.name };
}
