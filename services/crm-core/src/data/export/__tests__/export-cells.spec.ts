import { booleanCell, jsonCell, listCell, moneyCell, numberCell, textCell } from '../export-cells';

describe('export cells', () => {
  it('prefixes text a spreadsheet would run as a formula, and nothing else', () => {
    for (const formula of ['=SUM(A1:A2)', '+44 20 7946 0000', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(textCell(formula)).toBe(`'${formula}`);
    for (const text of ['Acme', ' =not first', 'a=b', "'quoted", '', 'Zoë']) expect(textCell(text)).toBe(text);
    expect(textCell(null)).toBe('');
    expect(textCell(undefined)).toBe('');
  });

  it('writes money as decimal text with two decimals, exactly', () => {
    expect(moneyCell(1250.5)).toBe('1250.50');
    expect(moneyCell(0)).toBe('0.00');
    expect(moneyCell(0.3)).toBe('0.30');
    expect(moneyCell(0.07)).toBe('0.07');
    expect(moneyCell(1000000.07)).toBe('1000000.07');
    expect(moneyCell(999999999999.99)).toBe('999999999999.99');
    expect(moneyCell(1_000_000_000_000)).toBe('1000000000000.00');
    expect(moneyCell(null)).toBe('');
  });

  it('writes numbers, booleans, lists and objects without a formula start', () => {
    expect(numberCell(-5)).toBe('-5');
    expect(numberCell(null)).toBe('');
    expect(booleanCell(true)).toBe('true');
    expect(booleanCell(false)).toBe('false');
    expect(listCell(['62020', '62090'])).toBe('62020; 62090');
    expect(listCell([])).toBe('');
    expect(jsonCell({ tier: 'gold', seats: 3 })).toBe('{"tier":"gold","seats":3}');
    expect(jsonCell(null)).toBe('');
  });
});
