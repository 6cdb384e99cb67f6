/**
 * The File Upload menu item (spec 2.3, decision 0017): an external link carrying a token. A fresh
 * token is fetched at each click; the tab is opened at once (so the browser counts it as the
 * click's) and sent to the link when the token arrives.
 */
import { fileLinkCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { notifyApiError } from '../../shared/ui';

export const fetchFileUploadLink = () => call(fileLinkCalls.token);

export async function openFileUploadLink(): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  // The portal's tab stays out of the new one's reach (what rel="noopener" would do).
  if (tab) tab.opener = null;
  try {
    const { url } = await fetchFileUploadLink();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    notifyApiError(error);
  }
}
