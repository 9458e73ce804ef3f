import type { Router } from 'express';
import { notFound } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { personOf } from '../auth/session-guard';
import { runtimeOf } from '../identity-runtime';
import { activeWorkspacesOf } from '../members/memberships';
import { userModel, type UserRecord } from '../users/user.model';
import { trimFields } from '../shared/trim-fields';
import { createWorkspace } from './create-workspace';
import { validateOnboarding } from './onboarding.schemas';

// Onboarding works before the person has any workspace (claims.workspace_id is null). It is
// about the person, so API keys (bound to one workspace) cannot use it.
export function onboardingRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.get('/onboarding/workspaces', async (req, res) => {
    const claims = personOf(req);
    const user = await userModel(context.connection).findById(claims.user_id).lean<UserRecord>().exec();
    if (!user) throw notFound('user');
    const workspaces = await activeWorkspacesOf(context.connection, user);
    res.json({ data: workspaces.map((workspace) => ({ name: workspace.name, organization_id: workspace._id })) });
  });

  router.post('/onboarding', async (req, res) => {
    const claims = personOf(req);
    const body = validateOnboarding(trimFields(req.body, ['workspace_name']));
    res.status(201).json(await createWorkspace(runtime, claims, body.workspace_name));
  });
}
