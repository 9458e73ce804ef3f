import { checkAccess, type InternalClaims } from '@crm/kit';

// Every operation of this service is for workspace admins with the settings permission: endpoints
// and their secrets decide where the workspace's data goes, and the feed carries every record's
// events regardless of who may see the record.
export function requireAdmin(auth: InternalClaims, method: string): void {
  checkAccess(auth, method, { permission: 'settings:manage', adminOnly: true });
}
