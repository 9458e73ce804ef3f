import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { eraseContactData } from './contact-erasure';
import { personalData } from './personal-data';
import { eraseContact, getPersonalData } from './privacy.operations';

// Ids are stored lower-case; a uuid means the same in either case.
const idOf = (params: { id: string }) => params.id;

// Both need privacy:override (the permission matrix); agent keys cannot erase. confirm other than
// ERASE is refused by the body's schema (400 naming confirm).
export function privacyOperations(context: ServiceContext): Implementation[] {
  return [
    implement(getPersonalData, async ({ req, params }) => personalData(context, workspaceOf(req), idOf(params))),
    implement(eraseContact, async ({ req, auth, params }) =>
      eraseContactData(context, auth, workspaceOf(req), idOf(params)),
    ),
  ];
}
