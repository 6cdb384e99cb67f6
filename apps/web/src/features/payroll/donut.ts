/**
 * The geometry of the Monthly Summary's donut (spec 2.9): each segment's share of the whole as an
 * arc length and start along the ring's circumference, for SVG stroke dashes. Pure.
 */
export interface DonutSegmentInput {
  key: string;
  value: number;
}

export interface DonutArc {
  key: string;
  /** share of the total, 0..1 */
  fraction: number;
  /** length of the arc along the circumference */
  length: number;
  /** distance along the circumference where the arc starts */
  offset: number;
}

/** Arcs of the non-negative values on a ring of `circumference`; empty when the total is 0. */
export function donutArcs(segments: readonly DonutSegmentInput[], circumference: number): DonutArc[] {
  const values = segments.map((s) => (Number.isFinite(s.value) && s.value > 0 ? s.value : 0));
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  let offset = 0;
  const arcs: DonutArc[] = [];
  segments.forEach((s, i) => {
    const fraction = values[i]! / total;
    if (fraction <= 0) return;
    const length = fraction * circumference;
    arcs.push({ key: s.key, fraction, length, offset });
    offset += length;
  });
  return arcs;
}

/** "42%" (whole percent; a non-zero share below 1% shows "<1%"). */
export function percentText(fraction: number): string {
  if (fraction <= 0) return '0%';
  if (fraction < 0.01) return '<1%';
  return `${Math.round(fraction * 100)}%`;
}
