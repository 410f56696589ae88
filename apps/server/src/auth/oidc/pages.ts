/** The bundled provider's server-rendered pages: sign-in, sign-up, sign-out and errors (no scripts, no CDN). */

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fa;color:#1d2433;margin:0}
main{max-width:380px;margin:64px auto;background:#fff;border-radius:10px;box-shadow:0 2px 10px rgba(0,0,0,.08);padding:32px}
h1{font-size:1.4rem;margin:0 0 4px}p{color:#5b6478;margin:0 0 20px}label{display:block;font-size:.9rem;margin:14px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9d0dc;border-radius:6px;font-size:1rem}
button{width:100%;margin-top:20px;padding:11px;border:0;border-radius:6px;background:#1f5eff;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e8ecf3;color:#1d2433;margin-top:10px}.error{background:#fdecec;color:#a32020;padding:10px;border-radius:6px;margin-bottom:10px}
.switch{margin-top:18px;font-size:.9rem;text-align:center}a{color:#1f5eff}`;

/** Wraps a body in the page layout. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Ladingwise</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
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
  return page('Create account', `<h1>Create your account</h1><p>Passwords need at least 8 characters.</p>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/oidc/interaction/${esc(uid)}/signup" autocomplete="on">
<label for="name">Name</label><input id="name" name="name" type="text" value="${esc(opts.name)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${esc(opts.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" minlength="8" required>
<button type="submit">Create account</button></form>
<div class="switch">Already have an account? <a href="/oidc/interaction/${esc(uid)}?screen=login">Sign in</a></div>`);
}

/** The sign-out confirmation; `form` is oidc-provider's hidden form (carries the xsrf token). */
export function logoutPage(form: string): string {
  return page('Sign out', `<h1>Sign out of Ladingwise?</h1><p>You will be signed out on this browser.</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`);
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
