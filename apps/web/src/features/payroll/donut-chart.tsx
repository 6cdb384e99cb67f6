import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { Box, Group, Stack, Text, type RingProgressProps } from '@mantine/core';
import { onDemand, useIdlePreload } from '../../shared/ui/on-demand';
import { donutArcs, percentText } from './donut';

/** The ring's code (RingProgress brings Mantine's Tooltip and its floating layer): fetched once the page is idle (issue 14). */
let RingProgress: ComponentType<RingProgressProps> | null = null;
const loadRing = onDemand(() =>
  import('./ring-progress').then((m) => {
    RingProgress = m.default;
    return m;
  }),
);

export interface DonutSegment {
  key: string;
  label: string;
  value: number;
  /** the value as people read it (e.g. rupees) */
  valueText: string;
  color: string;
}

export interface DonutChartProps {
  /** What the chart shows, read out with the segments (the chart is one image to assistive technology). */
  label: string;
  segments: readonly DonutSegment[];
  /** Text in the ring's hole (e.g. the total). */
  center?: ReactNode;
  size?: number;
  thickness?: number;
  /** Shown as the ring when every value is 0. */
  emptyText?: string;
}

/**
 * A donut with a legend (spec 2.9's Monthly Summary), drawn by Mantine's RingProgress: one section
 * per segment, sized as its share of the whole (donutArcs on a ring of 100). The ring is one image
 * whose name lists every segment; the legend repeats the figures as text.
 */
export function DonutChart({ label, segments, center, size = 168, thickness = 16, emptyText = 'No amounts yet' }: DonutChartProps) {
  const arcs = donutArcs(segments, 100);
  // RingProgress draws its ring inside 90% of its box, centred on the stroke: a box this big draws
  // a ring `size` across, and the negative margin keeps the layout `size` wide.
  const box = Math.round((size + thickness) / 0.9);
  const hole = size - 2 * thickness;
  const colorOf = new Map(segments.map((s) => [s.key, s.color]));
  const fractionOf = new Map(arcs.map((a) => [a.key, a.fraction]));
  const description = `${label}: ${segments.map((s) => `${s.label} ${s.valueText} (${percentText(fractionOf.get(s.key) ?? 0)})`).join(', ')}`;
  const [, setRingLoaded] = useState(RingProgress !== null);
  useIdlePreload(useCallback(() => loadRing().then(() => setRingLoaded(true)), []));
  const centre = (
    <Stack gap={0} align="center" justify="center" ta="center" aria-hidden>
      {arcs.length === 0 ? (
        <Text size="xs" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        center
      )}
    </Stack>
  );
  // Until the ring's code is here: the empty ring (its root colour) with the same name and centre.
  const plainRing = (
    <Box
      role="img"
      aria-label={description}
      w={size}
      h={size}
      style={{ flex: 'none', borderRadius: '50%', border: `${thickness}px solid var(--mantine-color-gray-2)`, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 6 }}
    >
      {centre}
    </Box>
  );

  return (
    <Group gap="lg" align="center" wrap="wrap">
      {RingProgress ? (
        <RingProgress
          role="img"
          aria-label={description}
          size={box}
          m={-(box - size) / 2}
          thickness={thickness}
          rootColor="gray.2"
          style={{ flex: 'none' }}
          // The centre text may use the whole hole (a total in lakhs fits on one line), 6 px off the ring.
          styles={{ label: { insetInline: (box - hole) / 2 + 6 } }}
          sections={arcs.map((arc) => ({ value: arc.length, color: colorOf.get(arc.key) ?? 'gray' }))}
          label={centre}
        />
      ) : (
        plainRing
      )}
      <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`${label} legend`}>
        {segments.map((s) => (
          <Group key={s.key} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Box w={12} h={12} mt={4} style={{ borderRadius: 3, background: s.color, flex: 'none' }} aria-hidden />
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {s.label}
              </Text>
              <Text size="sm" fw={600}>
                {s.valueText}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  ({percentText(fractionOf.get(s.key) ?? 0)})
                </Text>
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
