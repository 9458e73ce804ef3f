import { keptAnswer, type WorkspaceData } from '../workspace-data';

// Only the object's identity matters to keptAnswer: a workspace's data is a new object whenever
// the workspace changed.
const snapshot = () => ({ workspaceId: 'w1' }) as unknown as WorkspaceData;

describe('answers kept with a workspace snapshot', () => {
  it('computes an answer once per snapshot and key, and anew for a newer snapshot', () => {
    const first = snapshot();
    let computed = 0;
    const count = (data: WorkspaceData, key: string) =>
      keptAnswer(data, key, () => ({ rows: [{ value: ++computed }] }));
    expect(count(first, 'run a')).toEqual({ rows: [{ value: 1 }] });
    expect(count(first, 'run a')).toEqual({ rows: [{ value: 1 }] });
    expect(count(first, 'run b')).toEqual({ rows: [{ value: 2 }] });
    // The workspace changed: its new snapshot never sees the old answers.
    expect(count(snapshot(), 'run a')).toEqual({ rows: [{ value: 3 }] });
    expect(computed).toBe(3);
  });

  it('hands each caller a copy of its own', () => {
    const data = snapshot();
    const answer = keptAnswer(data, 'pipeline', () => ({ data: [{ companies: 5 }] }));
    answer.data[0].companies = 99;
    expect(keptAnswer(data, 'pipeline', () => ({ data: [{ companies: 0 }] }))).toEqual({ data: [{ companies: 5 }] });
  });

  it('keeps 32 answers a snapshot, dropping the oldest first', () => {
    const data = snapshot();
    const computed: string[] = [];
    const answer = (key: string) => keptAnswer(data, key, () => computed.push(key));
    for (let index = 0; index <= 32; index++) answer(`run ${index}`);
    answer('run 32');
    answer('run 1');
    answer('run 0');
    expect(computed).toEqual([...Array.from({ length: 33 }, (_, index) => `run ${index}`), 'run 0']);
  });
});
