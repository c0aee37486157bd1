import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FrozenStandard,
  GRADE_NAMES,
  Grade,
  type GradeName,
  assertValidStandard,
  defaultExplodedThreshold,
  gradeOf,
  judgeInto,
  judgeSite,
} from './judge.ts';

const names = (grades: Uint8Array): GradeName[] =>
  Array.from(grades, (grade) => GRADE_NAMES[grade] as GradeName);

describe('judging: table tests per mode, at the exact boundaries', () => {
  // Structure surface flatness [0, 8], warning [0, 6]; default E = 16, exploded beyond 24.
  const flatness: FrozenStandard = { mode: 'absolute', left: 0, right: 8, warnLeft: 0, warnRight: 6 };

  it.each([
    [0, 'qualified'],
    [6, 'qualified'],
    [6.1, 'warning'],
    [8, 'warning'],
    [8.1, 'unqualified'],
    [24, 'unqualified'],
    [24.1, 'exploded'],
    [-0.1, 'unqualified'],
    [-16, 'unqualified'],
    [-16.1, 'exploded'],
  ] as const)('absolute [0, 8] warn [0, 6]: %s is %s', (reading, grade) => {
    const result = judgeSite(flatness, [reading]);
    expect(result.values[0]).toBe(reading);
    expect(names(result.grades)).toEqual([grade]);
  });

  // Section size deviation [-5, 10], warning [-4, 8], E = 3 (explicit).
  const section: FrozenStandard = {
    mode: 'deviation',
    left: -5,
    right: 10,
    warnLeft: -4,
    warnRight: 8,
    exploded: 3,
  };
  it.each([
    [200, 0, 'qualified'],
    [196, -4, 'qualified'],
    [195.9, -4.1, 'warning'],
    [195, -5, 'warning'],
    [194.9, -5.1, 'unqualified'],
    [192, -8, 'unqualified'],
    [191.9, -8.1, 'exploded'],
    [208, 8, 'qualified'],
    [208.1, 8.1, 'warning'],
    [210, 10, 'warning'],
    [210.1, 10.1, 'unqualified'],
    [213, 13, 'unqualified'],
    [213.1, 13.1, 'exploded'],
  ] as const)('deviation from design 200: reading %s -> %s is %s', (reading, value, grade) => {
    const result = judgeSite(section, [reading], { design: 200 });
    expect(result.values[0]).toBe(value);
    expect(names(result.grades)).toEqual([grade]);
  });

  it('deviation with decimal design values lands exactly on the boundary', () => {
    const result = judgeSite({ ...section, warnRight: 0.1 }, [2000.1], { design: 2000 });
    expect(result.values[0]).toBe(0.1);
    expect(result.grades[0]).toBe(Grade.qualified);
  });

  it('deviation without a design value is refused', () => {
    expect(() => judgeSite(section, [1])).toThrow(RangeError);
  });

  // Ceiling level range [0, 15], warning [0, 12]; judged value = max - min of the 5 spots.
  const levelRange: FrozenStandard = { mode: 'range', left: 0, right: 15, warnLeft: 0, warnRight: 12 };
  it.each([
    [[2800, 2803, 2805, 2810, 2812], 12, 'qualified'],
    [[2800.5, 2800, 2813, 2801, 2805], 13, 'warning'],
    [[2800, 2815, 2801, 2802, 2803], 15, 'warning'],
    [[2800, 2815.1, 2801, 2802, 2803], 15.1, 'unqualified'],
    [[2800, 2845, 2801, 2802, 2803], 45, 'unqualified'],
    [[2800, 2845.1, 2801, 2802, 2803], 45.1, 'exploded'],
  ] as const)('range of spots %j is %s -> %s', (spots, value, grade) => {
    const result = judgeSite(levelRange, spots);
    expect(result.total).toBe(1);
    expect(result.values[0]).toBe(value);
    expect(names(result.grades)).toEqual([grade]);
  });

  it('range mode with groups judges each group of spots', () => {
    const result = judgeSite(levelRange, [0, 1, 2, 3, 4, 0, 20, 0, 0, 0, 7], { groupSize: 5 });
    expect(Array.from(result.values)).toEqual([4, 20, 0]);
    expect(names(result.grades)).toEqual(['qualified', 'unqualified', 'qualified']);
    expect(result.passRate).toBeCloseTo(2 / 3);
  });

  it('counts and pass rate of a site', () => {
    const result = judgeSite(flatness, [1, 2, 7, 9, 30]);
    expect(result).toMatchObject({ qualified: 2, warning: 1, unqualified: 1, exploded: 1, total: 5 });
    expect(result.passRate).toBe(0.6);
  });

  it('no readings: nothing judged, pass rate null', () => {
    expect(judgeSite(flatness, []).passRate).toBeNull();
    expect(judgeSite(levelRange, []).total).toBe(0);
  });

  it('refuses invalid standards and non-finite readings', () => {
    expect(() => assertValidStandard({ ...flatness, warnRight: 9 })).toThrow(RangeError);
    expect(() => assertValidStandard({ ...flatness, left: 9, right: 8 })).toThrow(RangeError);
    expect(() => assertValidStandard({ ...flatness, exploded: -1 })).toThrow(RangeError);
    expect(() => judgeSite(flatness, [1, Number.NaN])).toThrow(RangeError);
    expect(() => judgeSite(levelRange, [1, 2], { groupSize: 0 })).toThrow(RangeError);
  });

  it('a zero-width standard explodes at once (E defaults to 0)', () => {
    expect(defaultExplodedThreshold(3, 3)).toBe(0);
    const exact: FrozenStandard = { mode: 'absolute', left: 3, right: 3, warnLeft: 3, warnRight: 3 };
    expect(names(judgeSite(exact, [3, 3.1]).grades)).toEqual(['qualified', 'exploded']);
  });
});

// ---- property-based tests ----

const value = fc.double({ min: -300, max: 300, noNaN: true, noDefaultInfinity: true });
const mode = fc.constantFrom('absolute', 'deviation', 'range' as const);

/** A valid standard: four sorted values in [-100, 100] and an optional threshold. */
const standardArb = fc
  .record({
    mode,
    bounds: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 4, maxLength: 4 }),
    exploded: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
  })
  .map(({ mode: judgingMode, bounds, exploded }): FrozenStandard => {
    const [left, warnLeft, warnRight, right] = [...bounds].sort((a, b) => a - b).map((b) => b / 10) as [
      number,
      number,
      number,
      number,
    ];
    return { mode: judgingMode, left, right, warnLeft, warnRight, exploded };
  });

const readingsArb = fc.array(value, { maxLength: 60 });
const design = fc.double({ min: -1000, max: 20_000, noNaN: true, noDefaultInfinity: true });
const groupSize = fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined });

describe('judging: properties', () => {
  it('counts add up to the number of judged values; pass rate in [0, 1]', () => {
    fc.assert(
      fc.property(standardArb, readingsArb, design, groupSize, (standard, readings, d, size) => {
        const result = judgeSite(standard, readings, { design: d, groupSize: size });
        expect(result.qualified + result.warning + result.unqualified + result.exploded).toBe(result.total);
        expect(result.values.length).toBe(result.total);
        if (standard.mode !== 'range') expect(result.total).toBe(readings.length);
        if (result.total === 0) expect(result.passRate).toBeNull();
        else {
          expect(result.passRate).toBeGreaterThanOrEqual(0);
          expect(result.passRate).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('a value inside the warning range is qualified, inside the standard never unqualified', () => {
    fc.assert(
      fc.property(standardArb, fc.double({ min: 0, max: 1, noNaN: true }), (standard, t) => {
        // Clamped: L + t * (R - L) can land a rounding error beyond R.
        const between = (low: number, high: number) => Math.min(high, Math.max(low, low + t * (high - low)));
        const inWarning = between(standard.warnLeft, standard.warnRight);
        expect(gradeOf(inWarning, standard)).toBe(Grade.qualified);
        const inStandard = between(standard.left, standard.right);
        expect([Grade.qualified, Grade.warning]).toContain(gradeOf(inStandard, standard));
        const absolute = { ...standard, mode: 'absolute' as const };
        const judged = judgeSite(absolute, [inWarning, inStandard]);
        expect(judged.unqualified + judged.exploded).toBe(0);
      }),
    );
  });

  it('widening the standard never lowers the pass rate', () => {
    fc.assert(
      fc.property(
        standardArb,
        readingsArb,
        design,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (standard, readings, d, widenLeft, widenRight) => {
          const wider = {
            ...standard,
            left: standard.left - widenLeft / 10,
            right: standard.right + widenRight / 10,
          };
          const before = judgeSite(standard, readings, { design: d });
          const after = judgeSite(wider, readings, { design: d });
          expect(after.qualified + after.warning).toBeGreaterThanOrEqual(before.qualified + before.warning);
          if (before.passRate !== null) expect(after.passRate).toBeGreaterThanOrEqual(before.passRate);
        },
      ),
    );
  });

  it('a larger exploded threshold never adds exploded readings; pass count unchanged', () => {
    fc.assert(
      fc.property(standardArb, readingsArb, fc.integer({ min: 0, max: 100 }), (standard, readings, more) => {
        const absolute = { ...standard, mode: 'absolute' as const, exploded: standard.exploded ?? 0 };
        const larger = { ...absolute, exploded: absolute.exploded + more };
        const before = judgeSite(absolute, readings);
        const after = judgeSite(larger, readings);
        expect(after.exploded).toBeLessThanOrEqual(before.exploded);
        expect(after.qualified + after.warning).toBe(before.qualified + before.warning);
      }),
    );
  });

  it('exploded readings are beyond the standard by more than E; pass readings are inside it', () => {
    fc.assert(
      fc.property(standardArb, readingsArb, design, (standard, readings, d) => {
        const result = judgeSite(standard, readings, { design: d });
        const e = standard.exploded ?? defaultExplodedThreshold(standard.left, standard.right);
        result.grades.forEach((grade, index) => {
          const v = result.values[index] as number;
          if (grade === Grade.exploded) expect(v < standard.left - e || v > standard.right + e).toBe(true);
          if (grade <= Grade.warning) expect(v >= standard.left && v <= standard.right).toBe(true);
          if (grade === Grade.unqualified) expect(v < standard.left || v > standard.right).toBe(true);
        });
      }),
    );
  });

  it('deviation mode equals absolute mode on readings minus the design value', () => {
    fc.assert(
      fc.property(
        standardArb,
        fc.array(fc.integer({ min: -3000, max: 3000 }), { maxLength: 30 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (standard, tenths, d) => {
          const readings = tenths.map((t) => (t + d * 10) / 10);
          const deviation = judgeSite({ ...standard, mode: 'deviation' }, readings, { design: d });
          const absolute = judgeSite(
            { ...standard, mode: 'absolute' },
            tenths.map((t) => t / 10),
          );
          expect(Array.from(deviation.grades)).toEqual(Array.from(absolute.grades));
        },
      ),
    );
  });

  it('range mode: shifting or reordering a spot group does not change its grade', () => {
    fc.assert(
      fc.property(
        standardArb,
        fc.array(fc.integer({ min: -2000, max: 2000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (standard, tenths, shift) => {
          const range = { ...standard, mode: 'range' as const };
          const base = judgeSite(
            range,
            tenths.map((t) => t / 10),
          );
          const moved = judgeSite(
            range,
            [...tenths].reverse().map((t) => (t + shift * 10) / 10),
          );
          expect(base.values[0]).toBeGreaterThanOrEqual(0);
          expect(moved.values[0]).toBeCloseTo(base.values[0] as number, 6);
          expect(moved.grades[0]).toBe(base.grades[0]);
        },
      ),
    );
  });

  it('judgeInto writes into reused buffers with the same result as judgeSite', () => {
    const values = new Float64Array(64);
    const grades = new Uint8Array(64);
    fc.assert(
      fc.property(standardArb, readingsArb, design, (standard, readings, d) => {
        const counts = judgeInto(standard, Float64Array.from(readings), values, grades, { design: d });
        const site = judgeSite(standard, readings, { design: d });
        expect(counts.total).toBe(site.total);
        expect(Array.from(grades.subarray(0, counts.total))).toEqual(Array.from(site.grades));
      }),
    );
  });
});
