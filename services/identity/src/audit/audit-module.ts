import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { subscribeAuditLog } from './audit-consumer';
import { registerAuditEntryModel } from './audit-entry.model';
import { auditOperations } from './audit-routes';
import { auditTimeUpgrade } from './audit-time-upgrade';
import { memberAuditIdsUpgrade } from './member-audit-ids-upgrade';

// The audit log of every service's changes, written from their events.
export const auditModule: ServiceModule<IdentityRuntime> = {
  models: registerAuditEntryModel,
  operations: ({ context }) => auditOperations(context),
  consumers: ({ context }) => subscribeAuditLog(context),
  // Stored entries of earlier versions, brought up to date once at start.
  upgrades: () => [memberAuditIdsUpgrade, auditTimeUpgrade],
};
