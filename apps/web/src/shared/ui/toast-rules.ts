/**
 * Which toasts give way to a new one (issue 14): the newest message shows at once and the same
 * message never stacks. Pure; notify.tsx applies it to Mantine's notifications store.
 *
 * - The same message (same text, whatever its kind) keeps one toast: it is shown again in place.
 * - A new message replaces older ones of its kind (a second error supersedes the first: after the
 *   lock, "Invalid e-mail or password" gives way to the lock message), except toasts carrying an
 *   action button or meant to stay until closed (Format Error, Size Error), which stay until used
 *   or closed.
 * - When the toasts on screen would still be more than the limit, the oldest go, so nothing new
 *   waits in a queue.
 */
export type ToastKind = 'error' | 'warning' | 'success';

export interface ToastRef {
  id: string;
  /** null for a toast not raised through notify() */
  kind: ToastKind | null;
  /** carries an action button */
  sticky: boolean;
}

/** Toasts shown at once at most (Mantine's Notifications limit). */
export const TOAST_LIMIT = 4;

/** A short, stable hash of a text (FNV-1a, base 36): the id part of "the same message". */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The toast id of a message: equal for the same text (and title) whatever its kind, so a repeat
 * finds its toast. A failed call answered 401 says "Your session has ended…" as an error while the
 * sign-out says it as a warning: one toast, in the colour of the newest.
 */
export const toastId = (text: string, title = ''): string => `notify-${hashText(`${title}\u0000${text}`)}`;

/** The ids of the toasts to close before `incoming` shows (none when it is already on screen). */
export function toastsToClose(current: readonly ToastRef[], incoming: ToastRef, limit: number = TOAST_LIMIT): string[] {
  if (current.some((t) => t.id === incoming.id)) return [];
  const close = current.filter((t) => !t.sticky && t.kind !== null && t.kind === incoming.kind).map((t) => t.id);
  const staying = current.filter((t) => !close.includes(t.id));
  const over = staying.length + 1 - Math.max(1, limit);
  if (over > 0) {
    // the oldest first, toasts without an action before those with one
    const order = [...staying.filter((t) => !t.sticky), ...staying.filter((t) => t.sticky)];
    close.push(...order.slice(0, over).map((t) => t.id));
  }
  return close;
}
