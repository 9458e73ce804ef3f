import { Crm, CrmError } from '@crm/sdk';

export async function firstRequest(baseUrl: string, token: string) {
  const crm = new Crm({ baseUrl, token });
  const me = await crm.get('/me');
  console.log(`Signed in as ${me.user.email} in ${me.workspace?.name ?? 'no workspace yet'}`);

  const acme = await crm.companies.create({ name: 'Acme Ltd', website: 'https://acme.example' });
  try {
    await crm.companies.create({ name: '' });
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    // 400 validation_failed "name: …" — quote requestId to support
    console.log(error.status, error.code, error.message, error.requestId);
  }
  return acme;
}
