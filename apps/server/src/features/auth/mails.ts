/** The texts of identity mails and SMS. Links point at the SPA's routes. */
import { PHONE_COUNTRY_PREFIX } from '@portal/domain';

export const invitationMail = (publicUrl: string, name: string, email: string, token: string) => ({
  subject: 'You are invited to the Employer Portal',
  text:
    `Hello ${name},\n\nYou have been invited to the Employer Portal. Open this link to set your password and sign up:\n\n` +
    `${publicUrl}/?invite=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}\n\nThe link is valid for 7 days.`,
});

export const verifyEmailMail = (publicUrl: string, name: string, code: string) => ({
  subject: 'Verify your e-mail for the Employer Portal',
  text: `Hello ${name},\n\nPlease verify your e-mail address by opening this link:\n\n${publicUrl}/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(code)}\n\nThe link is valid for 3 days.`,
});

export const resetPasswordMail = (publicUrl: string, name: string, code: string) => ({
  subject: 'Reset your Employer Portal password',
  text:
    `Hello ${name},\n\nOpen this link to choose a new password:\n\n${publicUrl}/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(code)}\n\n` +
    'The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail.',
});

export const passwordChangedMail = (name: string) => ({
  subject: 'Your Employer Portal password was changed',
  text: `Hello ${name},\n\nYour password was just changed and every session was signed out. If this was not you, reset your password now and tell your administrator.`,
});

export const secondFactorChangedMail = (name: string, phoneHint: string) => ({
  subject: 'Your Employer Portal sign-in phone was set',
  text: `Hello ${name},\n\nSign-in codes will now be sent to ${phoneHint}. If this was not you, tell your administrator at once.`,
});

export const secondFactorResetMail = (name: string, phoneHint: string | null) => ({
  subject: 'Your Employer Portal sign-in phone was reset',
  text:
    `Hello ${name},\n\nAn administrator of your employer reset the phone that receives your sign-in codes, and your sessions were signed out. ` +
    (phoneHint
      ? `At your next sign-in, codes will go to ${phoneHint}, the mobile number your employer registered for you.`
      : 'At your next sign-in you will register your phone again.') +
    ' If you did not expect this, tell your administrator at once.',
});

export const otpSms = (code: string) =>
  `${code} is your Employer Portal sign-in code. It expires in 5 minutes. Never share it with anyone.`;

export const toE164 = (mobile: string): string => `${PHONE_COUNTRY_PREFIX}${mobile}`;
