/**
 * Password hashing with argon2id (@node-rs/argon2). Parameters are stored in the PHC string, so a
 * raised setting is detected at sign-in and the hash is renewed.
 *
 * And the one password rule of the server (decision 0005): the domain's length and common-password
 * checks plus a zxcvbn-ts strength estimate with the admin's own words (e-mail, name, mobile,
 * employer and vendor names) as user inputs. Every place that sets a password (reset, sign-up by
 * invitation, change password, the demo seed) and sign-in (a stored password that fails it has
 * expired) goes through `assertPasswordPolicy`.
 */
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  MSG,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH,
  passwordLength,
  passwordPolicyMessage,
  passwordPolicyProblems,
} from '@portal/domain';
import type { DB } from '../db/schema.js';
import { AppError } from './errors.js';

// OWASP / ASVS minimum for argon2id: m = 19 MiB, t = 2, p = 1.
export const ARGON2_PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost || Number(m[3]) < ARGON2_PARAMS.parallelism;
}

/** Verified against when no account matches, so a wrong e-mail costs the same time as a wrong password. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password-0000'));

// ---- the password rule ----

/** Whose password it is: their own words make a password easy to guess for anyone who knows them. */
export interface PasswordOwner {
  email: string;
  name?: string | null;
  mobile?: string | null;
  employerName?: string | null;
  vendorName?: string | null;
}

/**
 * The estimator reads at most this many characters. Past 40 a password is either strong in its first
 * 40 or refused; repeated patterns cost the estimator time that grows fast with the length
 * (about 0.1-0.3 s at 40 characters), and the checked password itself is never truncated.
 */
export const STRENGTH_MAX_LENGTH = 40;

let estimator: Promise<{ zxcvbn: ZxcvbnFactory; personalWarning: string }> | null = null;
/**
 * The dictionaries (about 30 MB of heap, 0.3 s to build) load on the first password check, not at
 * start: job workers never check passwords.
 */
function loadEstimator() {
  return (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: STRENGTH_MAX_LENGTH,
    });
    return { zxcvbn, personalWarning: en.translations.warnings.userInputs };
  })());
}

/**
 * The owner's words the estimator treats as known to an attacker: each value, and every run of its
 * consecutive words (spaced, joined, with hyphen or dot), so that "Sunrise Textiles" is known from
 * "Sunrise Textiles Pvt Ltd". Words shorter than 3 characters are left out.
 */
export function ownWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const keep = (w: string) => {
    if ([...w].length >= 3) words.add(w);
  };
  const add = (value: string | null | undefined) => {
    const v = value?.trim().toLowerCase();
    if (!v) return;
    keep(v);
    const parts = v.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j <= parts.length; j++) {
        const run = parts.slice(i, j);
        for (const sep of [' ', '', '-', '.']) keep(run.join(sep));
      }
    }
  };
  const email = owner.email.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  keep(email);
  add(at > 0 ? email.slice(0, at) : email);
  // The domain's names without the top-level one: sunrise-textiles.example -> sunrise-textiles, sunrise, textiles.
  if (at > 0) for (const label of email.slice(at + 1).split('.').slice(0, -1)) add(label);
  add(owner.name);
  add(owner.mobile);
  add(owner.employerName);
  add(owner.vendorName);
  return [...words];
}

/**
 * Passwords published with the product: the demo admins' password printed in the README and at
 * start (demo/index.ts). Anyone who read them can try them; no admin may set one (issue 22 item 4).
 */
export const PUBLISHED_DEMO_PASSWORD = 'Sunrise-Demo-2026';
const PUBLISHED_PASSWORDS = [PUBLISHED_DEMO_PASSWORD];

/** Letters and digits only, lower-cased: case and separators do not make a password different. */
const squeeze = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** Letters only, lower-cased: a year or any digits added do not either. */
const lettersOf = (s: string) => s.toLowerCase().replace(/[^\p{L}]+/gu, '');

/** Whether the password is one of the published ones, whatever its case and separators. */
export const isPublishedPassword = (password: string): boolean => PUBLISHED_PASSWORDS.some((p) => squeeze(p) === squeeze(password));

/**
 * Whether the password is a company's name (any run of its words: "Sunrise", "Sunrise Textiles"
 * from "Sunrise Textiles Pvt Ltd") with digits, symbols and case added or changed: "SecTest-Alpha-2026",
 * "2026sectestalpha!". zxcvbn alone lets a long name plus a year reach its score.
 */
export function basedOnCompanyName(password: string, companyNames: readonly (string | null | undefined)[]): boolean {
  const letters = lettersOf(password);
  if (letters.length < 3) return false;
  for (const name of companyNames) {
    const words = (name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j <= words.length; j++) {
        const run = lettersOf(words.slice(i, j).join(''));
        if (run.length >= 3 && run === letters) return true;
      }
    }
  }
  return false;
}

/** Why the estimator refuses a password, in the words of "Missing password requirements: ...". */
function strengthProblem(result: ZxcvbnResult, personalWarning: string): string {
  const warning = result.feedback.warning;
  if (warning === personalWarning) return MSG.passwordNotPersonal;
  const why = (warning ?? result.feedback.suggestions[0] ?? '').trim().replace(/\.$/, '');
  return why ? `${MSG.passwordNotEasyToGuess} (${why.charAt(0).toLowerCase()}${why.slice(1)})` : MSG.passwordNotEasyToGuess;
}

export interface PolicyOptions {
  /**
   * The published demo password is accepted: by the demo seed, which sets it on purpose, and at the
   * demo admins' sign-in, outside production mode only (the demo is refused in production).
   */
  acceptPublished?: boolean;
}

/**
 * What a password misses, [] when it meets the rule: 8 to 128 characters, not a common password,
 * not the e-mail's name, and a zxcvbn-ts score of at least PASSWORD_MIN_STRENGTH with the owner's
 * own words. A too-short password is also estimated, so that one answer names every problem.
 */
export async function passwordProblems(password: string, owner: PasswordOwner, options: PolicyOptions = {}): Promise<string[]> {
  const problems = passwordPolicyProblems(password, { email: owner.email });
  if (!options.acceptPublished && isPublishedPassword(password)) problems.push(MSG.passwordPublished);
  if (basedOnCompanyName(password, [owner.employerName, owner.vendorName])) problems.push(MSG.passwordNotPersonal);
  const length = passwordLength(password);
  // Already refused as common, the e-mail's name or too long: the estimate would only repeat it.
  if (length > PASSWORD_MAX_LENGTH || problems.length > (length < PASSWORD_MIN_LENGTH ? 1 : 0)) return problems;
  const { zxcvbn, personalWarning } = await loadEstimator();
  const result = zxcvbn.check(password, ownWords(owner));
  if (result.score < PASSWORD_MIN_STRENGTH) problems.push(strengthProblem(result, personalWarning));
  return problems;
}

/**
 * Refuses (400, "Missing password requirements: ...", code auth/password-expired) a password that
 * does not meet the rule. Sign-in turns the same answer for a stored password into the spec's
 * "Password Expired...".
 */
export async function assertPasswordPolicy(password: string, owner: PasswordOwner, options: PolicyOptions = {}): Promise<void> {
  const problems = await passwordProblems(password, owner, options);
  if (problems.length) throw new AppError(ERROR_CODES.passwordExpired, passwordPolicyMessage(problems));
}

/** The owner's words of an admin: their e-mail, name and mobile, their employer's name and their vendor's. */
export async function passwordOwnerOf(db: Kysely<DB>, adminId: string): Promise<PasswordOwner> {
  return db
    .selectFrom('admins as a')
    .innerJoin('employers as e', 'e.id', 'a.employer_id')
    .leftJoin('vendors as v', 'v.id', 'a.vendor_id')
    .select(['a.email', 'a.name', 'a.mobile', 'e.name as employerName', 'v.name as vendorName'])
    .where('a.id', '=', adminId)
    .executeTakeFirstOrThrow();
}

/** The owner's words of an admin not yet stored (the demo seed's ready admins). */
export async function passwordOwnerFor(
  db: Kysely<DB>,
  person: { email: string; name: string; mobile: string },
  employerId: string,
  vendorId: string | null,
): Promise<PasswordOwner> {
  const employer = await db.selectFrom('employers').select('name').where('id', '=', employerId).executeTakeFirst();
  const vendor = vendorId ? await db.selectFrom('vendors').select('name').where('id', '=', vendorId).where('employer_id', '=', employerId).executeTakeFirst() : undefined;
  return { email: person.email, name: person.name, mobile: person.mobile, employerName: employer?.name ?? null, vendorName: vendor?.name ?? null };
}
