import { shareValues, type SharedValues } from '../shared-values';

describe("values a workspace's records share", () => {
  it('pools references and short codes, leaves ids, long texts and other types as they are', () => {
    const pool: SharedValues = new Map();
    const stage = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const records = [1, 2, 3].map((n) => ({
      _id: `0190a1b2-c3d4-7e5f-8a9b-00000000000${n}`,
      workspace_id: 'ws-1',
      stage_id: stage,
      country_code: 'GB',
      name: `A company with a name longer than sixteen characters ${n}`,
      created_at: `2026-11-2${n}T10:00:00.000Z`,
      employee_count: 40,
      custom: { tier: 'gold' },
    }));
    const before = structuredClone(records);

    for (const record of records) expect(shareValues(record, pool)).toBe(record);

    expect(records).toEqual(before);
    expect([...pool.keys()].sort()).toEqual(['GB', stage, 'ws-1'].sort());
  });

  it('pools a short value of any field and a reference of any length', () => {
    const pool: SharedValues = new Map();
    shareValues({ status: 'won', owner_id: 'u'.repeat(60), note: 'x'.repeat(17) }, pool);
    expect([...pool.keys()]).toEqual(['won', 'u'.repeat(60)]);
  });
});
