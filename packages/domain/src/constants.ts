/** Business constants and limits, spec section 9. One place for every number the spec names. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const WORKER_TRANSACTIONS_RESULT_CAP = 20_000;
export const BYTES_PER_MB = 1_048_576;
export const SHEET_UPLOAD_LIMIT_MB = 5;
export const RAW_FILE_UPLOAD_LIMIT_MB = 10;
export const UPLOAD_HISTORY_PAGE_SIZE = 5;
export const ATTENDANCE_PAGE_SIZE = 5;
export const PAYROLL_HISTORY_PAGE_SIZE = 5;
export const EMPLOYEE_LIST_DEFAULT_PAGE_SIZE = 10;
/** Rows-per-page choices every list offers (the spec is silent; its default pages are 5, 10 and 20 rows). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const TRANSACTION_SEARCH_WINDOW_YEARS = 2;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const MOBILE_LENGTH = 10;
export const SALARY_ACCOUNT_MIN_LENGTH = 9;
export const SALARY_ACCOUNT_MAX_LENGTH = 18;
export const SEARCH_DEBOUNCE_MS = 500;
export const DRAWER_WIDTH_PX = 800;
export const NOTIFIER_AUTO_CLOSE_MS = 5_000;
export const CAP_TOAST_DURATION_MS = 3_000;
export const OTP_LENGTH = 6;
export const RESEND_COUNTDOWN_VERIFICATION_PAGE_S = 15;
export const RESET_PASSWORD_MIN_LENGTH = 6;
export const RECENT_ACTIVITIES_SHOW_MORE_AT = 10;
export const PAGINATION_NEIGHBOURS = 2;
export const PAGINATION_TERMINAL_PAGES = 1;
export const EMPLOYEE_LIST_PAGINATION_NEIGHBOURS = 1;
export const PHONE_COUNTRY_PREFIX = '+91';
export const NUMERIC_LIMIT = 9_999_999;
export const EMPLOYER_NAME_MENU_MAX = 13;

/** Identity figures from shared/security.md (beyond the spec). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The least zxcvbn-ts score (0..4) a new password must reach, with the admin's own words (e-mail,
 * name, mobile, employer and vendor names) as user inputs. 3 is "safely unguessable: moderate
 * protection from offline slow-hash scenario" (about 10^8 guesses): argon2id is such a hash.
 */
export const PASSWORD_MIN_STRENGTH = 3;
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MS = 30 * 60_000;
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const VERIFY_LINK_TTL_MS = 3 * 24 * 60 * 60_000;
export const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_TTL_MS = 30 * 60_000;
/** A second factor may be enrolled only this soon after the password step (auth/requires-recent-login). */
export const RECENT_LOGIN_MS = 10 * 60_000;
/** A sign-in attempt (password accepted, code pending) lives this long. */
export const SIGN_IN_ATTEMPT_TTL_MS = 10 * 60_000;

export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';
export const TOKEN_STORAGE_KEY = 'portal.token';
