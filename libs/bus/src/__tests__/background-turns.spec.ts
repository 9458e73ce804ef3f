import { handOnTurn, inBackgroundTurn } from '@crm/kit';
import { BackgroundTurns } from '../event-bus';
import { appliedModel, openTestDatabase } from './database';
import { deferred } from './helpers';

describe('background turns', () => {
  it('runs one piece of work at a time, in the order they asked', async () => {
    const turns = new BackgroundTurns();
    const log: string[] = [];
    const gate = deferred();
    const first = turns.run(async () => {
      log.push('first started');
      await gate.promise;
      log.push('first done');
    });
    const second = turns.run(async () => {
      log.push('second started');
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['first started']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(log).toEqual(['first started', 'first done', 'second started']);
  });

  it('tells the work it runs in that it is background work, and nothing else', async () => {
    const turns = new BackgroundTurns();
    const seen: boolean[] = [];
    await turns.run(async () => {
      seen.push(inBackgroundTurn());
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(inBackgroundTurn());
    });
    seen.push(inBackgroundTurn());
    expect(seen).toEqual([true, true, false]);
  });

  it('lets the next piece run once the current one hands its turn on to wait', async () => {
    const turns = new BackgroundTurns();
    const log: string[] = [];
    const gate = deferred();
    const first = turns.run(async () => {
      log.push('first started');
      handOnTurn();
      handOnTurn(); // twice is the same as once
      await gate.promise;
      log.push('first done');
    });
    const second = turns.run(async () => {
      log.push('second ran');
    });
    const third = turns.run(async () => {
      log.push('third ran');
    });
    await second;
    // The third waits for the second, which held its turn to the end.
    await third;
    expect(log).toEqual(['first started', 'second ran', 'third ran']);
    gate.resolve();
    await first;
    expect(log).toEqual(['first started', 'second ran', 'third ran', 'first done']);
  });

  it('hands the turn on while an embedded write waits for the disk', async () => {
    const database = await openTestDatabase();
    try {
      const applied = appliedModel(database.connection);
      await applied.init();
      const turns = new BackgroundTurns();
      const log: string[] = [];
      const first = turns.run(async () => {
        await applied.create({ _id: 'a', applied: 1 });
        log.push('first written');
      });
      const second = turns.run(async () => {
        log.push('second started');
      });
      await Promise.all([first, second]);
      expect(log).toEqual(['second started', 'first written']);
      expect(await applied.findById('a').lean()).toEqual({ _id: 'a', applied: 1 });
    } finally {
      await database.close();
    }
  });
});
