-- Issue 15 (security 2, 3, 8): per-account limits of identity, kept in PostgreSQL so that they hold
-- across processes. One row per (kind, subject):
--   WRONG_CODE       wrong sign-in codes of an admin, across sign-in attempts (subject: the admin id);
--                    at 10 the admin is locked like after 10 wrong passwords (admins.locked_until).
--   SIGN_IN_FAILURE  failed sign-ins of an e-mail that has no signed-up account, so that it locks
--                    (locked_until here) exactly as a real account would.
--   RESET_MAIL       password-reset requests of an e-mail (a link at most once a minute, 5 an hour).
--   ANONYMOUS_MAIL   invitation or verification mails asked for without signing in (resend, sign-up
--                    without the invitation link): at most once in 2 minutes, 5 an hour.
-- E-mail subjects are a keyed hash (HMAC with the code key) of the lower-cased e-mail, the same for
-- known and unknown e-mails, so no typed e-mail is kept in clear.
create table auth_limits (
  kind text not null check (kind in ('WRONG_CODE', 'SIGN_IN_FAILURE', 'RESET_MAIL', 'ANONYMOUS_MAIL')),
  subject text not null,
  -- failures counted, or requests accepted since window_started_at
  count integer not null default 0,
  window_started_at timestamptz,
  last_at timestamptz not null,
  locked_until timestamptz,
  primary key (kind, subject)
);
create index auth_limits_last_at on auth_limits (last_at);

-- The hourly cap of codes per admin counts the admin's recent codes.
create index otp_codes_admin_recent on otp_codes (admin_id, created_at desc);
