import { describe, expect, it } from 'vitest';
import { donutArcs, percentText } from './donut';

describe('donut arcs', () => {
  it('splits the circumference by share, in order, skipping zero and negative values', () => {
    const arcs = donutArcs(
      [
        { key: 'paid', value: 300 },
        { key: 'pending', value: 0 },
        { key: 'failed', value: 100 },
        { key: 'odd', value: -5 },
      ],
      100,
    );
    expect(arcs).toEqual([
      { key: 'paid', fraction: 0.75, length: 75, offset: 0 },
      { key: 'failed', fraction: 0.25, length: 25, offset: 75 },
    ]);
  });
  it('draws nothing when everything is zero', () => {
    expect(donutArcs([{ key: 'a', value: 0 }], 100)).toEqual([]);
  });
  it('says shares in whole percent, tiny ones as <1%', () => {
    expect(percentText(0)).toBe('0%');
    expect(percentText(0.004)).toBe('<1%');
    expect(percentText(0.425)).toBe('43%');
    expect(percentText(1)).toBe('100%');
  });
});
