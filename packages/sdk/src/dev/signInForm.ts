import { isApiError } from '../api/errors';
import type { AuthApi } from '../types';

/** Marks the form in the page (and lets a test find that no production bundle carries it). */
export const DEV_SIGN_IN_MARKER = 'devcircle-dev-sign-in';

/** Plain DOM on the design tokens: the standalone page has no shell, and this form is no part of the product. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  style: Partial<CSSStyleDeclaration> = {},
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  Object.assign(node.style, style);
  return node;
}

const FIELD_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'block',
  width: '100%',
  marginTop: 'var(--space-1)',
  padding: 'var(--space-2) var(--space-3)',
  font: 'inherit',
  color: 'inherit',
  background: 'var(--color-surface)',
  border: 'var(--border-width) solid var(--color-border-strong)',
  borderRadius: 'var(--radius-md)',
};

function field(label: string, input: HTMLInputElement): HTMLLabelElement {
  const wrapper = element('label', {}, { display: 'block', fontWeight: 'var(--weight-medium)' });
  wrapper.append(label);
  Object.assign(input.style, FIELD_STYLE);
  wrapper.append(input);
  return wrapper;
}

/**
 * Dev only: a remote on its own dev server has its own origin, so it has no session from the shell. This form
 * signs in with `auth.login` (the dev server proxies /api to the gateway; the token is stored for this origin)
 * and resolves once signed in, after removing itself.
 */
export function signInForDev(container: HTMLElement, auth: AuthApi): Promise<void> {
  return new Promise((resolve) => {
    const form = element(
      'form',
      {},
      {
        display: 'grid',
        gap: 'var(--space-4)',
        maxWidth: '360px',
        margin: 'var(--space-12) auto',
        padding: 'var(--space-6)',
        background: 'var(--color-surface)',
        border: 'var(--border-width) dashed var(--color-border-strong)',
        borderRadius: 'var(--radius-lg)',
      },
    );
    form.dataset.testid = DEV_SIGN_IN_MARKER;
    form.setAttribute('aria-label', 'Dev sign-in');
    const email = element('input', {
      type: 'email',
      name: 'email',
      autocomplete: 'username',
      required: true,
    });
    const password = element('input', {
      type: 'password',
      name: 'password',
      autocomplete: 'current-password',
      required: true,
    });
    const submit = element(
      'button',
      { type: 'submit', textContent: 'Sign in' },
      {
        padding: 'var(--space-2) var(--space-4)',
        font: 'inherit',
        fontWeight: 'var(--weight-semibold)',
        color: 'var(--color-accent-text)',
        background: 'var(--color-accent)',
        border: 'none',
        borderRadius: 'var(--radius-md)',
        cursor: 'pointer',
      },
    );
    const problem = element('p', {}, { color: 'var(--color-danger)' });
    problem.setAttribute('role', 'alert');
    form.append(
      element('h1', { textContent: 'Sign in (dev only)' }, { fontSize: 'var(--text-lg)' }),
      element(
        'p',
        {
          textContent:
            'This remote runs alone on its dev server, an origin of its own, so the session of the shell is not here. ' +
            'Sign in with an account of the gateway this server proxies to.',
        },
        { color: 'var(--color-text-muted)', fontSize: 'var(--text-sm)' },
      ),
      field('Email', email),
      field('Password', password),
      problem,
      submit,
    );

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submit.disabled = true;
      problem.textContent = '';
      auth.login(email.value.trim(), password.value).then(
        () => {
          form.remove();
          resolve();
        },
        (error: unknown) => {
          problem.textContent = isApiError(error) ? error.message : 'Login failed';
          submit.disabled = false;
        },
      );
    });
    container.append(form);
    email.focus();
  });
}
