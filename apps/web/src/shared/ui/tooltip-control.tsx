/** Mantine's Tooltip (and its floating layer), in a chunk of its own for DeferredTooltip. */
export { Tooltip as default } from '@mantine/core';
