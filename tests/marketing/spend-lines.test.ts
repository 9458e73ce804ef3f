import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { api, expectInvalid, startMarketingSystem } from './marketing-support';

// A spend request of a thousand lines: validated whole before anything is written, then stored
// in one request. It has a system of its own: its thousand events would otherwise hold up the
// event-driven checks (audit log, names) of the other spend and touchpoint tests.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startMarketingSystem();
  base = system.url;
});

afterAll(() => system.destroy());

interface SpendPage {
  data: Array<{ id: string; spent_on: string; amount: number }>;
  total: number;
}

describe('campaign spend', () => {
  it('validates the whole request before writing anything, naming lines.<i>.<field>', async () => {
    const owner = await signUpWithWorkspace(base, 'Spe');
    const client = api(base, owner);
    const campaign = await client.createCampaign();
    const good = Array.from({ length: 999 }, (_, i) => ({ spent_on: '2027-01-01', amount: i }));
    const post = (lines: unknown) => client.call('POST', `/campaigns/${campaign.id}/spend`, { lines });
    expectInvalid(await post([...good, { spent_on: '2027-01-01', amount: -1 }]), 'lines.999.amount');
    expectInvalid(await post([...good, { spent_on: '2027-01-01', amount: 1.005 }]), 'lines.999.amount');
    expectInvalid(await post([{ spent_on: '2027-13-01', amount: 1 }]), 'lines.0.spent_on');
    expectInvalid(await post([{ amount: 1 }]), 'lines.0.spent_on');
    expectInvalid(await post([{ spent_on: '2027-01-01', amount: 1, note: 'n'.repeat(501) }]), 'lines.0.note');
    expectInvalid(
      await post([{ spent_on: '2027-01-01', amount: 1, external_ref: 'r'.repeat(201) }]),
      'lines.0.external_ref',
    );
    expectInvalid(await post([{ spent_on: '2027-01-01', amount: 1, colour: 'red' }]), 'lines.0.colour');
    expectInvalid(
      await post([...good, { spent_on: '2027-01-01', amount: 1 }, { spent_on: '2027-01-01', amount: 1 }]),
      'lines',
    );
    expectInvalid(await post([]), 'lines');
    expect(await client.ok<SpendPage>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200)).toEqual({
      data: [],
      total: 0,
    });
    // A thousand lines are one request.
    expect(
      await client.ok(
        'POST',
        `/campaigns/${campaign.id}/spend`,
        { lines: [...good, { spent_on: '2027-01-02', amount: 0.01 }] },
        200,
      ),
    ).toEqual({ created: 1000, updated: 0 });
    const page = await client.ok<SpendPage>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200);
    expect({ lines: page.data.length, newest: page.data[0].spent_on, total: page.total }).toEqual({
      lines: 1000,
      newest: '2027-01-02',
      total: 498_501.01,
    });
    expect((await client.getCampaign(campaign.id)).spend).toBe(498_501.01);
  });
});
