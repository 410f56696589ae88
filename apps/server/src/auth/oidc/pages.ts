/** The bundled provider's server-rendered pages: sign-in, sign-up, sign-out and errors (no scripts, no CDN). */

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The app's look (apps/web: slate surfaces, indigo brand, Inter/system font, rounded cards) in plain CSS. */
const STYLE = `*{box-sizing:border-box}
body{font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f8fafc;color:#0f172a;margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;-webkit-font-smoothing:antialiased}
.top{width:100%;display:flex;justify-content:center;padding:32px 16px 0}
.brand{display:flex;align-items:center;gap:10px;color:#0f172a;text-decoration:none;font-size:1.125rem;font-weight:600;letter-spacing:-.01em}
main{width:calc(100% - 32px);max-width:400px;margin:24px auto 48px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;box-shadow:0 1px 2px rgba(15,23,42,.06),0 8px 24px rgba(15,23,42,.06);padding:32px}
h1{font-size:1.375rem;line-height:1.3;font-weight:600;letter-spacing:-.01em;margin:0 0 6px}p{color:#64748b;font-size:.875rem;line-height:1.5;margin:0 0 20px}
label{display:block;font-size:.875rem;font-weight:500;color:#334155;margin:16px 0 6px}
input{width:100%;height:40px;padding:0 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit;font-size:.9375rem;color:#0f172a;background:#fff;box-shadow:0 1px 2px rgba(15,23,42,.04)}
input:focus{outline:2px solid #6366f1;outline-offset:1px;border-color:#6366f1}
button{width:100%;height:42px;margin-top:24px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font:inherit;font-size:.9375rem;font-weight:500;cursor:pointer;box-shadow:0 1px 2px rgba(15,23,42,.1)}
button:hover{background:#4338ca}button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;padding:10px 12px;border-radius:8px;font-size:.875rem;margin-bottom:4px}
.switch{margin-top:20px;font-size:.875rem;text-align:center;color:#64748b}a{color:#4f46e5;font-weight:500;text-decoration:none}a:hover{color:#4338ca;text-decoration:underline}
.hint{font-size:.75rem;color:#64748b;margin:6px 0 0}.foot{font-size:.75rem;color:#94a3b8;margin:0 0 32px;text-align:center}`;

/** The logo mark, the same drawing as the web app's. */
const MARK = `<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 9h9l5 5v9a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1z" fill="#fff"/><path d="M18 9v5h5" fill="#c7d2fe"/><path d="M11 18h9M11 21h6" stroke="#4f46e5" stroke-width="1.6" stroke-linecap="round"/></svg>`;

/** Wraps a body in the page layout: the app's brand on top, one card, a quiet footer. */
export function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${esc(title)} · Ladingwise</title><style>${STYLE}</style>${head}</head><body>
<header class="top"><a class="brand" href="/">${MARK}<span>Ladingwise</span></a></header>
<main>${body}</main><p class="foot">Bills of lading in, clean EDI out.</p></body></html>`;
}

/** E-mail + password sign-in form posting to the interaction. */
export function loginPage(uid: string, opts: { email?: string; error?: string } = {}): string {
  return page('Sign in', `<h1>Sign in to Ladingwise</h1><p>Use your e-mail and password.</p>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/oidc/interaction/${esc(uid)}/login" autocomplete="on">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus value="${esc(opts.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>
<div class="switch">No account yet? <a href="/oidc/interaction/${esc(uid)}?screen=signup">Create one</a></div>
<div class="switch"><a href="/oidc/interaction/${esc(uid)}/abort">Cancel</a></div>`);
}

/** Sign-up form (name, e-mail, password) posting to the interaction. */
export function signupPage(uid: string, opts: { email?: string; name?: string; error?: string } = {}): string {
  return page('Create account', `<h1>Create your account</h1><p>Your first 50 bills are free.</p>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/oidc/interaction/${esc(uid)}/signup" autocomplete="on">
<label for="name">Name</label><input id="name" name="name" type="text" value="${esc(opts.name)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${esc(opts.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" minlength="10" required><p class="hint">At least 10 characters, not a common password.</p>
<button type="submit">Create account</button></form>
<div class="switch">Already have an account? <a href="/oidc/interaction/${esc(uid)}?screen=login">Sign in</a></div>`);
}

/** Where the sign-out page's one script lives (same origin, so a strict script policy allows it). */
export const SIGN_OUT_SCRIPT_PATH = '/oidc/assets/sign-out.js';
/** Submits the sign-out form at once: the user already chose Logout in the app, so no second question. */
export const SIGN_OUT_SCRIPT = "document.getElementById('op.logoutForm').submit();\n";

/**
 * The provider's sign-out step. The user chose Logout in the app, so the form (oidc-provider's, with
 * its xsrf token) is sent at once with logout=yes; without scripts one button does the same.
 */
export function logoutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page('Signing out', `<h1>Signing you out…</h1><p>You are being signed out of Ladingwise on this browser.</p>${confirmed}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`, `<script src="${SIGN_OUT_SCRIPT_PATH}" defer></script>`);
}

/** Shown after sign-out when no return address was given. */
export function loggedOutPage(): string {
  return page('Signed out', '<h1>You are signed out</h1><p>You can close this window.</p><a href="/">Back to Ladingwise</a>');
}

/** Provider errors (bad redirect URI, expired interaction...). */
export function errorPage(out: Record<string, unknown>): string {
  const rows = Object.entries(out).map(([k, v]) => `<p><strong>${esc(k)}</strong>: ${esc(v)}</p>`).join('');
  return page('Sign-in error', `<h1>Sign-in could not continue</h1>${rows}<a href="/">Back to Ladingwise</a>`);
}
