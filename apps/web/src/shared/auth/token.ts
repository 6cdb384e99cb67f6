/** The session token, kept in local storage as the spec says (7). */
import { TOKEN_STORAGE_KEY } from '@portal/domain';

export const getToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_STORAGE_KEY);
