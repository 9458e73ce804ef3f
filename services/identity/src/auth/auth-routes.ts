import { implement, type Implementation } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { signIn, signOut, signUp, switchWorkspace } from './auth.operations';
import { sessionOf } from './session-guard';
import { signIn as startSignIn } from './sign-in';
import { signOut as endSession } from './sign-out';
import { assertSignUpOpen, signUp as createAccount } from './sign-up';
import { switchWorkspace as moveSession } from './switch-workspace';

function hasInvitationToken(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'invitation_token' in body;
}

// Sign-up and sign-in need no token; sign-out and switching act on the caller's own session.
export function authOperations(runtime: IdentityRuntime): Implementation[] {
  return [
    implement(
      {
        ...signUp,
        // Checked before the body, so a closed server says so whatever is sent (an invitation
        // still lets its person in: createAccount checks that one).
        prepare: (body: unknown) => {
          if (!hasInvitationToken(body)) assertSignUpOpen(runtime);
          return body;
        },
      },
      async ({ body }) => createAccount(runtime, body),
    ),

    implement(signIn, async ({ body }) => startSignIn(runtime, body)),

    implement(signOut, async ({ req }) => {
      await endSession(runtime, sessionOf(req));
    }),

    implement(switchWorkspace, async ({ req, body }) => {
      await moveSession(runtime, sessionOf(req), body.organization_id);
    }),
  ];
}
