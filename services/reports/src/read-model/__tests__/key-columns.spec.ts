import type { ReadRecord } from '../read-model.model';
import { deriveKeyColumns, keyColumn } from '../key-columns';

const record = (id: string, stage: string | null): ReadRecord => ({
  _id: id,
  version: 1,
  deleted: false,
  workspace_id: 'w',
  stage_id: stage,
});
const stageOf = (item: ReadRecord) => (item.stage_id as string | null) ?? null;

describe('key columns', () => {
  it('works out each key once per copy and keeps it', () => {
    const records = [record('a', 's1'), record('b', null)];
    let reads = 0;
    const keyOf = (item: ReadRecord) => {
      reads += 1;
      return stageOf(item);
    };
    expect(keyColumn(records, 'stage_id', keyOf)).toEqual(['s1', null]);
    expect(keyColumn(records, 'stage_id', keyOf)).toEqual(['s1', null]);
    expect(reads).toBe(2);
  });

  it('starts a derived copy from the previous keys, working out only the replaced and added records', () => {
    const previous = [record('a', 's1'), record('b', 's1'), record('c', 's2')];
    expect(keyColumn(previous, 'stage_id', stageOf)).toEqual(['s1', 's1', 's2']);
    const next = [previous[0], record('b', 's3'), previous[2], record('d', null)];
    deriveKeyColumns(previous, next, [1]);
    const read: string[] = [];
    const column = keyColumn(next, 'stage_id', (item) => {
      read.push(item._id);
      return stageOf(item);
    });
    expect({ column, read }).toEqual({ column: ['s1', 's3', 's2', null], read: ['b', 'd'] });
    // The previous copy's keys are untouched.
    expect(keyColumn(previous, 'stage_id', stageOf)).toEqual(['s1', 's1', 's2']);
  });

  it('works out every key of a derived copy when the previous copy had no such column', () => {
    const previous = [record('a', 's1')];
    const next = [record('a', 's2')];
    deriveKeyColumns(previous, next, [0]);
    expect(keyColumn(next, 'stage_id', stageOf)).toEqual(['s2']);
  });
});
