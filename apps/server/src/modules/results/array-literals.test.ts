import { describe, expect, it } from 'vitest';
import { arrayLiteral, literalColumn, numberText, sameNumbers } from './array-literals.ts';

describe('numberText', () => {
  it('writes every number as String() does', () => {
    const samples = [
      0,
      -0,
      0.1,
      0.3,
      -0.3,
      1,
      -1,
      2.5,
      19.9,
      20,
      -20000,
      20000,
      1e-7,
      123456789.1,
      0.05,
      1 / 3,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let index = 0; index < 10_000; index += 1) {
      samples.push(Math.round((random() - 0.5) * 400) / 10); // one decimal, as instruments send
      samples.push((random() - 0.5) * 40_000); // any double
      samples.push(Math.round((random() - 0.5) * 4000) / 100); // two decimals
      samples.push(Math.round(random() * 100) / 10 - Math.round(random() * 100) / 10); // a deviation
    }
    for (const value of samples) expect(numberText(value)).toBe(String(value));
  });
});

describe('array literals', () => {
  it('write numbers and booleans, keep null, and nest as one quoted text[] literal', () => {
    expect(arrayLiteral([1.5, 2, -0.3])).toBe('{1.5,2,-0.3}');
    expect(arrayLiteral([true, false])).toBe('{t,f}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(null)).toBeNull();
    expect(literalColumn(['{1,2}', null, '{}'])).toBe('{"{1,2}",NULL,"{}"}');
  });

  it('compares number arrays by value', () => {
    expect(sameNumbers([1, 2.5], [1, 2.5])).toBe(true);
    expect(sameNumbers([1, 2.5], [1, 2.6])).toBe(false);
    expect(sameNumbers([1], [1, 1])).toBe(false);
  });
});
