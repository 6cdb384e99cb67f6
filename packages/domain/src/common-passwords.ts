/**
 * Passwords of 8+ characters that head the public breach-frequency lists (shorter ones already
 * fail the length rule). Kept small on purpose: it runs in the browser too.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000',
  '88888888', '99999999', '66666666', '12121212', '11223344', '123123123', '147258369',
  '123qweasd', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyuiop', 'qwerty123', 'qwerty12',
  'asdfghjkl', 'zxcvbnm1', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'p@ssw0rd', 'p@ssword', 'iloveyou', 'iloveyou1', 'princess', 'sunshine', 'football',
  'baseball', 'superman', 'starwars', 'whatever', 'trustno1', 'welcome1', 'welcome123',
  'letmein1', 'abcd1234', 'abc12345', 'aa123456', 'admin123', 'administrator', 'computer',
  'michelle', 'jennifer', 'corvette', 'mercedes', 'internet', 'mustang1', 'charlie1',
  'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'zaq12wsx', 'changeme', 'changeme1', 'default1',
  'india123', 'india@123', 'pass@123', 'password@123', 'admin@123', 'welcome@123', 'test1234',
  'test@123', 'secret123', 'master123', 'dragon12', 'monkey123', 'shadow12', 'killer12',
  'hello123', 'hello1234', 'loveyou1', 'google123', 'facebook', 'samsung1', 'lovely12',
  'abcdefgh', 'abcdefg1', 'aaaaaaaa', 'asdf1234', 'zxcv1234', 'qwer1234', '1234qwer',
  '1234abcd', 'portal123', 'employer1', 'payroll1', 'salary123',
]);
