import { isAppError } from '@crm/kit';
import { customFilterProblem, parseCustomFilter } from '../custom-filter';

function messageOf(raw: string): string {
  try {
    parseCustomFilter(raw);
  } catch (error) {
    if (isAppError(error)) return `${error.status} ${error.message}`;
    throw error;
  }
  throw new Error(`accepted ${raw}`);
}

describe('the custom list filter', () => {
  it('is no filter when absent and one equality per key otherwise', () => {
    expect(parseCustomFilter(undefined)).toEqual({});
    expect(parseCustomFilter('{}')).toEqual({});
    expect(parseCustomFilter('{"tier":"gold","seats":12,"vip":true,"region":null}')).toEqual({
      'custom.tier': 'gold',
      'custom.seats': 12,
      'custom.vip': true,
      'custom.region': null,
    });
  });

  it('answers 400 naming custom for anything else', () => {
    for (const raw of [
      '',
      'tier=gold',
      '[]',
      '"gold"',
      'null',
      '12',
      '{"a":{"b":1}}',
      '{"a":[1]}',
      '{"a.b":1}',
      '{"$where":1}',
      '{"":1}',
    ]) {
      expect(messageOf(raw)).toMatch(/^400 custom /);
    }
    expect(messageOf('{"a":{"$ne":1}}')).toBe("400 custom value of 'a' must be a string, a number, a boolean or null");
    expect(messageOf(`{"a":"${'x'.repeat(2000)}"}`)).toBe('400 custom must NOT have more than 2000 characters');
  });

  it('tells a saved view the same rule', () => {
    expect(customFilterProblem('{"tier":"gold"}')).toBeNull();
    expect(customFilterProblem('{"a":{"b":1}}')).toBe("value of 'a' must be a string, a number, a boolean or null");
  });
});
