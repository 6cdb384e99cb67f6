import type { ReactNode } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import { donutArcs, percentText } from './donut';

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
 * A donut with a legend (spec 2.9's Monthly Summary), drawn as plain SVG: one stroked circle per
 * segment, its dash as long as its share of the circumference (donutArcs), on a grey ring. The ring
 * is one image whose name lists every segment; the legend repeats the figures as text. Plain SVG
 * and no Mantine RingProgress (which brought its floating tooltip): the ring is drawn with the page
 * in its final colours, not first as an empty stand-in that the ring replaced when its code arrived.
 */
export function DonutChart({ label, segments, center, size = 168, thickness = 16, emptyText = 'No amounts yet' }: DonutChartProps) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const arcs = donutArcs(segments, circumference);
  const colorOf = new Map(segments.map((s) => [s.key, s.color]));
  const fractionOf = new Map(arcs.map((a) => [a.key, a.fraction]));
  const description = `${label}: ${segments.map((s) => `${s.label} ${s.valueText} (${percentText(fractionOf.get(s.key) ?? 0)})`).join(', ')}`;
  const c = size / 2;
  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Box role="img" aria-label={description} pos="relative" w={size} h={size} style={{ flex: 'none' }}>
        <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden focusable="false" style={{ display: 'block' }}>
          <circle cx={c} cy={c} r={radius} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth={thickness} />
          {/* Clockwise from twelve o'clock, as a clock's hand. */}
          <g transform={`rotate(-90 ${c} ${c})`}>
            {arcs.map((arc) => (
              <circle
                key={arc.key}
                cx={c}
                cy={c}
                r={radius}
                fill="none"
                stroke={colorOf.get(arc.key) ?? 'var(--mantine-color-gray-5)'}
                strokeWidth={thickness}
                strokeDasharray={`${arc.length} ${circumference - arc.length}`}
                strokeDashoffset={-arc.offset}
              />
            ))}
          </g>
        </svg>
        {/* The centre text may use the whole hole (a total in lakhs fits on one line), 6 px off the ring. */}
        <Stack gap={0} align="center" justify="center" ta="center" aria-hidden pos="absolute" inset={thickness + 6}>
          {arcs.length === 0 ? (
            <Text size="xs" c="dimmed">
              {emptyText}
            </Text>
          ) : (
            center
          )}
        </Stack>
      </Box>
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
