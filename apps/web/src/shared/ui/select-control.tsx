/** Mantine's Select (and its Combobox), in a chunk of its own for DeferredSelect. */
export { Select as default } from '@mantine/core';
