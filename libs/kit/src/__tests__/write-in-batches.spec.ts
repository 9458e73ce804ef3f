import { writeInBatches } from '../database';

describe('writeInBatches', () => {
  it('writes the operations in order, in bulks of at most the size, and adds up what changed', async () => {
    const bulks: number[][] = [];
    const operations = Array.from({ length: 2_500 }, (_, index) => index);
    const modified = await writeInBatches(operations, async (batch) => {
      bulks.push(batch);
      return { modifiedCount: batch.length - 1 };
    });
    expect(bulks.map((bulk) => bulk.length)).toEqual([1_000, 1_000, 500]);
    expect(bulks.flat()).toEqual(operations);
    expect(modified).toBe(2_497);
  });

  it('writes nothing when there is nothing to write', async () => {
    const write = jest.fn(async () => ({ modifiedCount: 0 }));
    expect(await writeInBatches([], write, 10)).toBe(0);
    expect(write).not.toHaveBeenCalled();
  });
});
