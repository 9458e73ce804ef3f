import { timeSlices } from '../turn-hand-off';

describe('timeSlices', () => {
  it('gives no turn while the slice lasts', () => {
    const pause = timeSlices(60_000);
    expect(pause()).toBeUndefined();
    expect(pause()).toBeUndefined();
  });

  it('once the slice is used up, lets work queued on the event loop run before going on, then starts a new slice', async () => {
    const order: string[] = [];
    const pause = timeSlices(0);
    setImmediate(() => order.push('a request waiting on I/O'));
    const turn = pause();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    order.push('the long work again');
    expect(order).toEqual(['a request waiting on I/O', 'the long work again']);

    const long = timeSlices(60_000);
    expect(long()).toBeUndefined();
  });
});
