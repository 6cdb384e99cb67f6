/**
 * The recharge page the demo's "Add amount" link opens: an amount in rupees, a button, the result.
 * Plain HTML with one small inline script (allowed by a per-response nonce, nothing else is).
 * Rupees are turned into paise with string arithmetic, never floating point.
 */
import { randomBytes } from 'node:crypto';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function rechargePage(virtualAccount: string | null): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const va = virtualAccount ? escapeHtml(virtualAccount) : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Add amount · Simulated Bank</title>
<style nonce="${nonce}">
  :root { color-scheme: light; --ink: #1f2937; --muted: #6b7280; --line: #e5e7eb; --brand: #0b5ed7; --ok: #0f766e; --bad: #b91c1c; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f4f6; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 28px; box-shadow: 0 10px 30px rgba(0,0,0,.06); }
  .bank { font-size: 12px; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0 0 4px; }
  h1 { font-size: 20px; margin: 0 0 20px; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 14px 0 6px; }
  .va { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: #f9fafb; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; word-break: break-all; }
  .money { display: flex; align-items: center; border: 1px solid #d1d5db; border-radius: 8px; overflow: hidden; }
  .money span { padding: 0 12px; color: var(--muted); background: #f9fafb; align-self: stretch; display: grid; place-items: center; border-right: 1px solid var(--line); }
  input { width: 100%; border: 0; padding: 10px 12px; font: inherit; outline: none; }
  input.plain { border: 1px solid #d1d5db; border-radius: 8px; }
  .money:focus-within, input.plain:focus { box-shadow: 0 0 0 3px rgba(11,94,215,.2); border-color: var(--brand); }
  button { margin-top: 20px; width: 100%; padding: 11px; font: inherit; font-weight: 600; color: #fff; background: var(--brand); border: 0; border-radius: 8px; cursor: pointer; }
  button[disabled] { opacity: .6; cursor: progress; }
  .hint { color: var(--muted); font-size: 12px; margin-top: 6px; }
  .result { margin-top: 18px; padding: 12px; border-radius: 8px; display: none; }
  .result.ok { display: block; background: #ecfdf5; color: var(--ok); border: 1px solid #a7f3d0; }
  .result.bad { display: block; background: #fef2f2; color: var(--bad); border: 1px solid #fecaca; }
</style>
</head>
<body>
<main>
  <p class="bank">Simulated Bank</p>
  <h1>Add amount to your account</h1>
  <form id="f" novalidate>
    ${
      va
        ? `<label id="va-label">Virtual account</label><div class="va" aria-labelledby="va-label">${va}</div><input type="hidden" id="va" value="${va}">`
        : `<label for="va">Virtual account</label><input class="plain" id="va" autocomplete="off" required>`
    }
    <label for="amount">Amount</label>
    <div class="money"><span>₹</span><input id="amount" inputmode="decimal" autocomplete="off" placeholder="50,000.00" required></div>
    <p class="hint">Rupees, up to 2 decimals. The money arrives at once; the portal is told by webhook.</p>
    <button id="go" type="submit">Add amount</button>
  </form>
  <div id="result" class="result" role="status" aria-live="polite"></div>
</main>
<script nonce="${nonce}">
  const form = document.getElementById('f');
  const result = document.getElementById('result');
  const button = document.getElementById('go');
  const show = (ok, text) => { result.className = 'result ' + (ok ? 'ok' : 'bad'); result.textContent = text; };
  // Rupees text -> integer paise, by strings only.
  const toPaise = (text) => {
    const s = text.replace(/[,\\s₹]/g, '');
    const m = /^(\\d{1,9})(?:\\.(\\d{1,2}))?$/.exec(s);
    if (!m) return null;
    const paise = Number(m[1]) * 100 + Number((m[2] || '').padEnd(2, '0'));
    return paise > 0 ? paise : null;
  };
  const rupees = (paise) => '₹' + new Intl.NumberFormat('en-IN').format(Math.floor(paise / 100)) + '.' + String(paise % 100).padStart(2, '0');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const va = document.getElementById('va').value.trim();
    const amount = toPaise(document.getElementById('amount').value);
    if (!va) return show(false, 'Enter the virtual account.');
    if (amount === null) return show(false, 'Enter an amount in rupees greater than zero, like 50000 or 1,250.50.');
    button.disabled = true;
    try {
      const res = await fetch('recharge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ virtual_account: va, amount }) });
      const body = await res.json().catch(() => null);
      if (res.ok && body) show(true, rupees(body.amount) + ' credited to ' + body.virtual_account + '. UTR ' + body.utr + '. You can close this page.');
      else show(false, (body && body.error && body.error.description) || 'The bank could not add the amount. Try again.');
    } catch {
      show(false, 'The bank could not be reached. Try again.');
    } finally {
      button.disabled = false;
    }
  });
</script>
</body>
</html>`;
  const csp = [`default-src 'none'`, `style-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`, `connect-src 'self'`, `form-action 'self'`, `base-uri 'none'`, `frame-ancestors 'none'`].join('; ');
  return { html, csp };
}
