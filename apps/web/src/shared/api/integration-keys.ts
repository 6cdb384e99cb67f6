/**
 * Query keys of Settings' integrations (issue 26): API keys, webhook endpoints, their delivery log.
 * Beside query-keys.ts rather than in it, because that file is in the sign-in bundle and these are
 * read by the settings pages only; under the settings key, so invalidating settingsKeys.all reaches
 * them too.
 */
import { settingsKeys } from './query-keys';

export const integrationKeys = {
  apiKeys: () => [...settingsKeys.all, 'api-keys'] as const,
  webhooks: () => [...settingsKeys.all, 'webhooks'] as const,
  webhookDeliveries: (page: number) => [...integrationKeys.webhooks(), 'deliveries', { page }] as const,
};
