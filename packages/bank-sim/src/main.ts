/**
 * The simulated bank as its own process (the portal starts it as a child; operators may run it
 * alone): `tsx packages/bank-sim/src/main.ts`, or compiled, `node apps/server/dist/bank-sim/main.js`
 * (scripts/build-server.mjs builds it beside the portal).
 *
 * Environment: BANK_SIM_DATABASE_URL (required), BANK_PORT (default 3001), BANK_HOST (default
 * 127.0.0.1), BANK_API_KEY (required), BANK_WEBHOOK_URL (unset: no webhooks), BANK_WEBHOOK_SECRET
 * (required with a webhook URL), BANK_RULES (JSON, a partial of the rules; see rules.ts),
 * BANK_DB_POOL (database connections, default 10).
 */
import { rulesPatchSchema, startBankSim, type RulesPatch } from './index.js';

function required(name: string): string {
  const v = process.env[name];
  if (!v) {
    console.error(`bank-sim: ${name} is required`);
    process.exit(2);
  }
  return v;
}

function rulesFromEnv(): RulesPatch {
  const text = process.env.BANK_RULES;
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error('bank-sim: BANK_RULES is not valid JSON');
    process.exit(2);
  }
  const parsed = rulesPatchSchema.safeParse(json);
  if (!parsed.success) {
    console.error(`bank-sim: BANK_RULES is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    process.exit(2);
  }
  return parsed.data;
}

const log = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};

const bank = await startBankSim({
  databaseUrl: required('BANK_SIM_DATABASE_URL'),
  port: Number(process.env.BANK_PORT || 3001),
  host: process.env.BANK_HOST || '127.0.0.1',
  apiKey: required('BANK_API_KEY'),
  webhookUrl: process.env.BANK_WEBHOOK_URL || null,
  webhookSecret: process.env.BANK_WEBHOOK_URL ? required('BANK_WEBHOOK_SECRET') : (process.env.BANK_WEBHOOK_SECRET ?? ''),
  rules: rulesFromEnv(),
  log,
  poolSize: Number(process.env.BANK_DB_POOL || 10),
});

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await bank.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
