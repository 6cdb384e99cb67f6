/**
 * The toast notifier (spec 2.19, 3 "Notifier message"): red for error, orange for warning, green
 * for success; closes after NOTIFIER_AUTO_CLOSE_MS unless autoClose is false; may carry one action
 * button (e.g. "Download payroll sheet").
 */
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { MSG, NOTIFIER_AUTO_CLOSE_MS } from '@portal/domain';
import { ApiError } from '../api/client';

export type NotifierType = 'error' | 'warning' | 'success';

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

/** Shows a toast and returns its id (to hide it early with `notifications.hide`). */
export function notify(message: NotifierMessage): string {
  const Icon = ICON[message.type];
  const id = `notify-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const { actionButtonLabel, onAction } = message;
  notifications.show({
    id,
    color: COLOR[message.type],
    icon: <Icon size={18} stroke={2} aria-hidden />,
    title: message.title,
    withBorder: true,
    // Mantine's dimmed description under a title is 3.3:1 on white; gray-7 reads at 8:1 (WCAG AA).
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    closeButtonProps: { 'aria-label': 'Close notification' },
    autoClose: autoCloseOf(message.autoClose),
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
  });
  return id;
}

type Options = Omit<NotifierMessage, 'msg' | 'type'>;
export const notifyError = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'error' });
export const notifyWarning = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'warning' });
export const notifySuccess = (msg: string, options: Options = {}): string => notify({ ...options, msg, type: 'success' });

/** The server's message.description, or the spec's fallback "Something Went Wrong!". */
export const errorMessage = (error: unknown): string => (error instanceof ApiError && error.message ? error.message : MSG.somethingWentWrong);

/** A red toast with the server's message for a failed call. */
export const notifyApiError = (error: unknown, options: Options = {}): string => notifyError(errorMessage(error), options);
