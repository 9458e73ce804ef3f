import { PollBackoff } from '../wakeable-pause';

describe('poll back-off', () => {
  test('doubles from the interval to the maximum, and starts again from the interval when reset', () => {
    const polls = new PollBackoff(500, 5000);
    expect([polls.next(), polls.next(), polls.next(), polls.next(), polls.next(), polls.next()]).toEqual([
      500, 1000, 2000, 4000, 5000, 5000,
    ]);
    polls.reset();
    expect([polls.next(), polls.next()]).toEqual([500, 1000]);
  });

  test('a maximum below the interval keeps the interval', () => {
    const polls = new PollBackoff(1000, 200);
    expect([polls.next(), polls.next()]).toEqual([1000, 1000]);
  });
});
