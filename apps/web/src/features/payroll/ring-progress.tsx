/** Mantine's RingProgress (with the floating tooltip its sections carry), in a chunk of its own for DonutChart. */
export { RingProgress as default } from '@mantine/core';
