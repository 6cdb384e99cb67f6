/**
 * The toast notifier (spec 2.19, 3 "Notifier message"): red for error, orange for warning, green
 * for success; closes after NOTIFIER_AUTO_CLOSE_MS unless autoClose is false; may carry one action
 * button (e.g. "Download payroll sheet"). The newest message shows at once and the same message
 * never stacks (toast-rules.ts): a repeat is shown again in place, with its timer started over.
 *
 * @mantine/notifications is not in the first bundle (issue 14): it loads when the first toast is
 * raised (loadToasts), and app/providers.tsx renders its <Notifications/> from then on
 * (toastsWantedStore). The toast id is returned at once; the toast shows as soon as that small chunk
 * is in (at once from the second toast on).
 */
import { Button, Stack, Text } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { MSG, NOTIFIER_AUTO_CLOSE_MS } from '@portal/domain';
import { ApiError } from '../api/client';
import { toastId, toastsToClose, type ToastKind, type ToastRef } from './toast-rules';

export type NotifierType = ToastKind;

export interface NotifierMessage {
  msg: string;
  title?: string;
  type: NotifierType;
  /** false keeps the toast until dismissed; a number closes it after that many milliseconds. */
  autoClose?: boolean | number;
  actionButtonLabel?: string;
  onAction?: () => void;
}

const COLOR: Record<NotifierType, string> = { error: 'red', warning: 'orange', success: 'green' };
const ICON: Record<NotifierType, typeof IconX> = { error: IconX, warning: IconAlertTriangle, success: IconCheck };

function autoCloseOf(value: NotifierMessage['autoClose']): number | false {
  if (value === false) return false;
  if (typeof value === 'number' && value > 0) return value;
  return NOTIFIER_AUTO_CLOSE_MS;
}

type ToastsModule = typeof import('@mantine/notifications');
let toastsModule: Promise<ToastsModule> | null = null;
/** @mantine/notifications, loaded once (the first toast, or app/providers.tsx when the app is idle). */
export const loadToasts = (): Promise<ToastsModule> => (toastsModule ??= import('@mantine/notifications'));

let toastsWanted = false;
const wantedListeners = new Set<() => void>();
/** For useSyncExternalStore: whether a toast was ever raised (app/providers.tsx mounts <Notifications/> then). */
export const toastsWantedStore = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: (): boolean => toastsWanted,
};
function wantToasts() {
  if (toastsWanted) return;
  toastsWanted = true;
  for (const listener of wantedListeners) listener();
}

const KINDS: readonly string[] = ['error', 'warning', 'success'];

/** The toasts on screen and waiting, as toast-rules sees them (kind and action are kept as data- attributes). */
function currentToasts({ notificationsStore }: ToastsModule): { refs: ToastRef[]; byId: Map<string, NotificationData> } {
  const { notifications: shown, queue } = notificationsStore.getState();
  const all = [...shown, ...queue];
  const refs = all.map((n) => {
    const kind = n['data-kind'] as unknown;
    return { id: n.id ?? '', kind: typeof kind === 'string' && KINDS.includes(kind) ? (kind as ToastKind) : null, sticky: n['data-action'] === true };
  });
  return { refs, byId: new Map(all.map((n) => [n.id ?? '', n])) };
}

/** Shows a toast (or shows the same message again in place) and returns its id (to hide it early with `notifications.hide`). */
export function notify(message: NotifierMessage): string {
  const id = toastId(message.msg, message.title);
  wantToasts();
  void loadToasts().then((toasts) => show(toasts, id, message));
  return id;
}

function show(toasts: ToastsModule, id: string, message: NotifierMessage) {
  const { notifications } = toasts;
  const Icon = ICON[message.type];
  const { actionButtonLabel, onAction } = message;
  // A toast with an action, or one that stays until closed (Format Error, Size Error: spec), is not replaced by a newer one.
  const sticky = Boolean(actionButtonLabel && onAction) || autoCloseOf(message.autoClose) === false;
  const { refs, byId } = currentToasts(toasts);
  for (const old of toastsToClose(refs, { id, kind: message.type, sticky })) notifications.hide(old);
  const existing = byId.get(id);
  const repeat = existing ? Number(existing['data-repeat'] ?? 0) + 1 : 0;
  const autoClose = autoCloseOf(message.autoClose);
  const data: NotificationData = {
    id,
    'data-kind': message.type,
    'data-action': sticky,
    'data-repeat': repeat,
    color: COLOR[message.type],
    icon: <Icon size={18} stroke={2} aria-hidden />,
    title: message.title,
    withBorder: true,
    // Mantine's dimmed description under a title is 3.3:1 on white; gray-7 reads at 8:1 (WCAG AA).
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Mantine restarts a toast's timer when its autoClose changes: a repeat alternates it by 1 ms.
    autoClose: autoClose === false ? false : autoClose + (repeat % 2),
    message:
      actionButtonLabel && onAction ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="var(--mantine-color-text)">
            {message.msg}
          </Text>
          <Button
            size="xs"
            variant="light"
            color={COLOR[message.type]}
            onClick={() => {
              onAction();
              notifications.hide(id);
            }}
          >
            {actionButtonLabel}
          </Button>
        </Stack>
      ) : (
        message.msg
      ),
  };
  if (existing) notifications.update(data);
  else notifications.show(data);
}

type Options = Omit<NotifierMessage, 'msg' | 'type'>;
export const notifyError = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'error' });
export const notifyWarning = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'warning' });
export const notifySuccess = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'success' });

/** The server's message.description, or the spec's fallback "Something Went Wrong!". */
export const errorMessage = (error: unknown): string => (error instanceof ApiError && error.message ? error.message : MSG.somethingWentWrong);

/** A red toast with the server's message for a failed call. */
export const notifyApiError = (error: unknown, options: Options = {}): string => notifyError(errorMessage(error), options);
