import { Crm } from '@crm/sdk';

export async function listEverything(crm: Crm, q: string) {
  const names: string[] = [];
  // Pages are fetched as the loop needs them: cursor or offset, whichever the list uses.
  for await (const company of crm.companies.list({ q, limit: 50 })) {
    names.push(company.name ?? '(no name)');
  }
  return names;
}
