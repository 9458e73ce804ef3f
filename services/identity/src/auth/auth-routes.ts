import type { Router } from 'express';
import type { ServiceContext } from '@crm/service-host';
import { runtimeOf } from '../identity-runtime';
import { trimFields } from '../shared/trim-fields';
import { validateSignIn, validateSignUp, validateSwitchWorkspace } from './auth.schemas';
import { sessionOf } from './session-guard';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { assertSignUpOpen, signUp } from './sign-up';
import { switchWorkspace } from './switch-workspace';

function hasInvitationToken(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'invitation_token' in body;
}

// Reached without a bearer token (the gateway lists them as public).
export function authPublicRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.post('/auth/sign-up', async (req, res) => {
    // Checked before the body, so a closed server says so whatever is sent (an invitation
    // still lets its person in: signUp checks that one).
    if (!hasInvitationToken(req.body)) assertSignUpOpen(runtime);
    const body = validateSignUp(trimFields(req.body, ['email', 'name']));
    res.status(201).json(await signUp(runtime, body));
  });

  router.post('/auth/sign-in', async (req, res) => {
    const body = validateSignIn(trimFields(req.body, ['email']));
    res.status(200).json(await signIn(runtime, body));
  });
}

// Behind the gateway's authentication: they act on the caller's own session.
export function authRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.post('/auth/sign-out', async (req, res) => {
    await signOut(runtime, sessionOf(req));
    res.status(204).end();
  });

  router.post('/auth/switch-workspace', async (req, res) => {
    const claims = sessionOf(req);
    const body = validateSwitchWorkspace(req.body);
    await switchWorkspace(runtime, claims, body.organization_id);
    res.status(204).end();
  });
}
