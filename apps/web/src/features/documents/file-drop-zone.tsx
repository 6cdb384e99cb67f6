import { useId, useRef, useState, type DragEvent } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import classes from './documents.module.css';

export interface FileDropZoneProps {
  /** The input's `accept` (".xlsx"). */
  accept: string;
  /** The hint's element id, read out with the chooser. */
  describedBy?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/**
 * A file chooser that also takes a dropped file. The zone is the input's label, so a click opens
 * the chooser and the real input keeps keyboard focus and its native behaviour. One file at a time:
 * of several dropped files the first is taken.
 */
export function FileDropZone({ accept, describedBy, disabled = false, onFile }: FileDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const zone = useRef<HTMLLabelElement>(null);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // Moving over a child fires dragleave on the zone; only leaving the zone itself counts.
    if (!zone.current?.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!disabled && file) onFile(file);
  };

  return (
    <label
      ref={zone}
      htmlFor={id}
      className={classes.zone}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
        <IconCloudUpload size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>
        <Text span c="var(--mantine-color-anchor)" fw={600} td="underline">
          Choose a file
        </Text>{' '}
        or drag it here
      </Text>
      <input
        id={id}
        type="file"
        className={classes.input}
        accept={accept}
        disabled={disabled}
        aria-label="Choose file"
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again (after a fix) is noticed.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
