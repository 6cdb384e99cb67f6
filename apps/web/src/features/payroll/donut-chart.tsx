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
 * A small SVG donut with a legend (spec 2.9's Monthly Summary): one arc per segment, drawn as
 * stroke dashes on circles. The SVG is one image whose name lists every segment; the legend
 * repeats the figures as text.
 */
export function DonutChart({ label, segments, center, size = 168, thickness = 22, emptyText = 'No amounts yet' }: DonutChartProps) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const arcs = donutArcs(segments, circumference);
  const colorOf = new Map(segments.map((s) => [s.key, s.color]));
  const fractionOf = new Map(arcs.map((a) => [a.key, a.fraction]));
  const description = `${label}: ${segments.map((s) => `${s.label} ${s.valueText} (${percentText(fractionOf.get(s.key) ?? 0)})`).join(', ')}`;

  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Box pos="relative" w={size} h={size} style={{ flex: 'none' }}>
        <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={description}>
          <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
            <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth={thickness} />
            {arcs.map((arc) => (
              <circle
                key={arc.key}
                cx={size / 2}
                cy={size / 2}
                r={radius}
                fill="none"
                stroke={colorOf.get(arc.key)}
                strokeWidth={thickness}
                strokeDasharray={`${arc.length} ${circumference - arc.length}`}
                strokeDashoffset={-arc.offset}
              />
            ))}
          </g>
        </svg>
        <Stack gap={0} align="center" justify="center" pos="absolute" inset={0} p={thickness + 4} ta="center" aria-hidden>
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
