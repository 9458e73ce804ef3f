import type { Router } from 'express';
import { notFound } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { personOf } from '../auth/session-guard';
import { runtimeOf } from '../identity-runtime';
import { findOpenPasswordReset } from './password-reset-links';
import { validateSetPassword } from './password-reset.schemas';
import { requestPasswordChange } from './request-password-change';
import { setPassword } from './set-password';

// POST /me/password is about the person: API keys cannot ask for a password link.
export function passwordResetRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.post('/me/password', async (req, res) => {
    res.status(200).json(await requestPasswordChange(runtime, personOf(req)));
  });
}

// The mailed link, reached without a bearer token: the token in the path is the credential.
export function passwordResetPublicRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.get('/public/password-resets/:token', async (req, res) => {
    const open = await findOpenPasswordReset(context.connection, req.params.token);
    if (!open) throw notFound('password change link');
    res.json({ email: open.user.email, expires_at: open.reset.expires_at });
  });

  router.post('/public/password-resets/:token', async (req, res) => {
    const body = validateSetPassword(req.body);
    await setPassword(runtime, String(req.params.token), body);
    res.status(204).end();
  });
}
