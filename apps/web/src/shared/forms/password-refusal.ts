import { ERROR_CODES, MSG } from '@portal/domain';
import { ApiError } from '../api/client';

/** One requirement the server names ("at least 8 characters", "not a commonly used password") as what is wrong. */
const wrong = (part: string): string => {
  const length = /^at (least|most) (\d+) characters$/.exec(part);
  if (length) return `it is ${length[1] === 'least' ? 'shorter' : 'longer'} than ${length[2]} characters`;
  return part.startsWith('not ') ? `it is ${part.slice(4)}` : part;
};

/**
 * The server's refusal of a new password (code auth/password-expired, "Missing password
 * requirements: at least 8 characters, not a commonly used password") in words, for under the
 * password field (issue 24, item 7): "This password can't be used: it is shorter than 8 characters
 * and it is a commonly used password." null for any other answer.
 */
export function passwordRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.passwordExpired) return null;
  const prefix = `${MSG.missingPasswordRequirementsPrefix}: `;
  const { message } = error;
  if (!message.startsWith(prefix)) return null;
  // The parts are joined with ", "; a part's own explanation in brackets may hold commas.
  const parts = message.slice(prefix.length).split(/, (?=at |not )/).map(wrong);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `This password can't be used: ${list}.`;
}
