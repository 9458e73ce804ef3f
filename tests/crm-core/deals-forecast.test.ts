import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { expectRefusal } from './companies-support';
import { dealsApi, salesStages } from './deals-support';
import { addMemberTo } from './references-support';

// The forecast for a known set of deals: open pipeline and weighted value, won and lost totals of
// the month and quarter in the workspace time zone, by stage; other currencies apart.
const system = sharedTestSystem();
const base = system.url;

// The wall clock of an instant in a time zone, e.g. "01 00:00:00" for the first of a month at midnight.
const localDayAndTime = (instant: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      day: '2-digit',
      month: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { month: Number(parts.month), wall: `${parts.day} ${parts.hour}:${parts.minute}:${parts.second}` };
};

describe('deals forecast', () => {
  it('adds up open, weighted, won and lost deals of the month and quarter in the workspace time zone, by stage', async () => {
    const owner = await signUpWithWorkspace(base, 'Rae');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const colleague = await addMemberTo(system, owner, 'Sol');
    const settings = await request(base, 'PATCH', '/workspace', {
      token: owner.token,
      body: { settings: { timezone: 'Asia/Tokyo' } },
    });
    expect(settings.status).toBe(200);
    await api.create({ name: 'Open at the stage odds', value: 100.1 });
    await api.create({ name: 'Open at its own odds', value: 200.2, probability: 50, stage_id: stages.Proposal.id });
    await api.create({ name: 'Won', value: 300, stage_id: stages.Won.id });
    const lost = await api.create({ name: 'Lost', value: 40, stage_id: stages.Negotiation.id });
    await api.patch(lost.id, { stage_id: stages.Lost.id });
    await api.create({ name: 'Euro', value: 1000, currency: 'EUR' });
    await api.create({ name: 'Someone else', value: 7, owner_id: colleague.userId, stage_id: stages.Won.id });
    const forecast = await waitFor(async () => {
      const answer = await api.call('GET', '/deals/forecast');
      expect(answer.status).toBe(200);
      return answer.body.timezone === 'Asia/Tokyo' ? answer.body : undefined;
    });
    expect(forecast).toMatchObject({
      currency: 'GBP',
      open: { count: 2, value: 300.3, weighted: 110.11 },
      month: { won: { count: 2, value: 307 }, lost: { count: 1, value: 40 } },
      quarter: { won: { count: 2, value: 307 }, lost: { count: 1, value: 40 } },
      other_currencies: [
        {
          currency: 'EUR',
          open: { count: 1, value: 1000, weighted: 100 },
          month: { won: { count: 0, value: 0 }, lost: { count: 0, value: 0 } },
        },
      ],
    });
    // The periods start at local midnight on the first day of the month and of the quarter in Tokyo.
    for (const period of [forecast.month, forecast.quarter]) {
      expect(localDayAndTime(period.from, 'Asia/Tokyo').wall).toBe('01 00:00:00');
      expect(localDayAndTime(period.to, 'Asia/Tokyo').wall).toBe('01 00:00:00');
      expect(Date.parse(period.from)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(period.to)).toBeGreaterThan(Date.now());
    }
    expect((localDayAndTime(forecast.quarter.from, 'Asia/Tokyo').month - 1) % 3).toBe(0);
    expect(
      forecast.stages.map((stage: Record<string, unknown>) => [
        stage.name,
        stage.kind,
        stage.count,
        stage.value,
        stage.weighted,
      ]),
    ).toEqual([
      ['Qualification', 'open', 1, 100.1, 10.01],
      ['Needs analysis', 'open', 0, 0, 0],
      ['Proposal', 'open', 1, 200.2, 100.1],
      ['Negotiation', 'open', 0, 0, 0],
      ['Won', 'won', 2, 307, 307],
      ['Lost', 'lost', 1, 40, 0],
    ]);
    // Narrowed to the caller's deals and to a pipeline.
    const mine = (await api.call('GET', `/deals/forecast?owner=${colleague.userId}`)).body;
    expect(mine).toMatchObject({
      open: { count: 0, value: 0 },
      month: { won: { count: 1, value: 7 } },
      other_currencies: [],
    });
    const pipeline = await request(base, 'POST', '/pipelines', {
      token: owner.token,
      body: { name: 'Renewals', object: 'deal' },
    });
    await api.create({ name: 'Renewal', value: 5, stage_id: pipeline.body.stages[0].id, probability: 20 });
    const renewals = (await api.call('GET', `/deals/forecast?pipeline_id=${pipeline.body.id}`)).body;
    expect(renewals).toMatchObject({ open: { count: 1, value: 5, weighted: 1 }, month: { won: { count: 0 } } });
    expect(renewals.stages.map((stage: { pipeline_id: string }) => stage.pipeline_id)).toEqual(
      pipeline.body.stages.map(() => pipeline.body.id),
    );
    expectRefusal(await api.call('GET', `/deals/forecast?pipeline_id=${stages.Won.id}`), 'pipeline_id');
    expectRefusal(await api.call('GET', '/deals/forecast?owner=nobody'), 'owner');
    // Another workspace currency: euros are added, pounds reported apart.
    expect(
      (await request(base, 'PATCH', '/workspace', { token: owner.token, body: { settings: { currency: 'EUR' } } }))
        .status,
    ).toBe(200);
    const inEuros = await waitFor(async () => {
      const answer = (await api.call('GET', '/deals/forecast')).body;
      return answer.currency === 'EUR' ? answer : undefined;
    });
    expect(inEuros).toMatchObject({
      open: { count: 1, value: 1000, weighted: 100 },
      month: { won: { count: 0, value: 0 } },
      other_currencies: [
        {
          currency: 'GBP',
          open: { count: 3, value: 305.3, weighted: 111.11 },
          month: { won: { count: 2, value: 307 } },
        },
      ],
    });
    // New deals now default to the workspace's new currency.
    expect((await api.create({ name: 'After the change' })).currency).toBe('EUR');
  });
});
