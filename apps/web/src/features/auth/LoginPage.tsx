import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alreadyShown } from '../../shared/api/errors.ts';
import { showError } from '../../shared/api/showError.ts';
import { endSession } from '../../shared/api/unauthorized.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import controls from '../../shared/ui/controls.module.css';
import { Icon } from '../../shared/ui/icons.tsx';
import { clearEmbeddedMode } from '../../shared/storage/embedded.ts';
import {
  forgetRememberedLogin,
  loadRememberedLogin,
  saveRememberedLogin,
} from '../../shared/storage/session.ts';
import { captureExternalLogin, redeemPendingTicket } from './externalLogin.ts';
import { authenticate, loadSelfInto, markFreshSignIn, startSession } from './signIn.ts';
import styles from './LoginPage.module.css';

// The dialogs (with antd and the zod rules they use) load only when opened, keeping the first load small.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));
const MustChangePasswordDialog = lazy(() => import('./MustChangePasswordDialog.tsx'));

interface Values {
  username: string;
  password: string;
  rememberPassword: boolean;
}
type Errors = Partial<Record<'username' | 'password', string>>;

/** antd writes a two-character Chinese button label with a space between ("登 录"). */
const buttonText = (text: string) => (/^\p{Script=Han}{2}$/u.test(text) ? [...text].join(' ') : text);

/**
 * A text field with its icon and its message under it, in antd's look. The login page uses no
 * antd component (antd is most of the first load otherwise): two required checks do not justify
 * antd's form engine, and a few styled elements look the same (../../shared/ui/controls.module.css).
 */
function Field({
  error,
  icon,
  suffix,
  children,
}: {
  error: string | undefined;
  icon: 'user' | 'lock';
  suffix?: ReactNode;
  children: (errorId: string) => ReactNode;
}) {
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={error ? `${controls.field} ${controls.invalid}` : controls.field}>
        <Icon name={icon} />
        {children(errorId)}
        {suffix}
      </label>
      <div id={errorId} className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ username: '', password: '', rememberPassword: false });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [forgotOpen, setForgotOpen] = useState<boolean | null>(null);
  // Token waiting for the forced password change before the user may enter.
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const started = useRef(false);

  async function enter(token: string) {
    let landing: string;
    try {
      landing = await loadSelfInto(token);
    } catch (error) {
      if (!alreadyShown(error)) notify.error(t('F00624'));
      endSession();
      return;
    }
    markFreshSignIn();
    navigate(landing, { replace: true });
  }

  /** Spec section 5: empty user name -> login.usernameTip, empty password -> F00623; typing clears them. */
  function validate(candidate: Values): Errors {
    const found: Errors = {};
    if (!candidate.username.trim()) found.username = t('login.usernameTip');
    if (!candidate.password) found.password = t('F00623');
    return found;
  }

  function change(field: 'username' | 'password', value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Only the message of a field that is now filled goes away; the other one stays.
    setErrors((current) => ({ ...current, [field]: validate(next)[field] && current[field] }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (!found.username && !found.password && !busy) void submit(values);
  }

  async function submit(input: Values) {
    setBusy(true);
    try {
      const username = input.username.trim();
      const outcome = await authenticate(username, input.password);
      clearEmbeddedMode();
      if (input.rememberPassword) {
        await saveRememberedLogin({ username, password: input.password, rememberPassword: true });
      } else {
        forgetRememberedLogin();
      }
      await startSession(username, outcome.token);
      if (outcome.mustChangeMessage !== null) {
        notify.success(outcome.mustChangeMessage);
        setPendingToken(outcome.token);
        return;
      }
      await enter(outcome.token);
    } catch (error) {
      // Code != 0: the server's Message is the text to show (spec section 8).
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    // Runs once even under StrictMode: the ticket must be redeemed a single time.
    if (started.current) return;
    started.current = true;
    if (captureExternalLogin(window.location)) return;
    void (async () => {
      try {
        const token = await redeemPendingTicket();
        if (token) {
          setBusy(true);
          await startSession('', token);
          await enter(token);
          return;
        }
      } catch (error) {
        showError(error);
      } finally {
        setBusy(false);
      }
      const remembered = await loadRememberedLogin();
      if (remembered?.rememberPassword) setValues(remembered);
    })();
    // `enter` is only needed for this page's single start-up run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <section className={styles.card}>
        <h1 className={styles.title}>{t('common:appName')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        <form noValidate onSubmit={onSubmit}>
          <Field error={errors.username} icon="user">
            {(errorId) => (
              <input
                type="text"
                placeholder={t('login.username')}
                autoComplete="username"
                maxLength={50}
                aria-label={t('login.username')}
                aria-invalid={Boolean(errors.username)}
                aria-describedby={errorId}
                value={values.username}
                onChange={(event) => change('username', event.target.value)}
              />
            )}
          </Field>
          <Field
            error={errors.password}
            icon="lock"
            suffix={
              <button
                type="button"
                className={controls.suffix}
                aria-label={t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <Icon name={showPassword ? 'eye' : 'eyeInvisible'} />
              </button>
            }
          >
            {(errorId) => (
              <input
                type={showPassword ? 'text' : 'password'}
                placeholder={t('login.password')}
                autoComplete="current-password"
                maxLength={64}
                aria-label={t('login.password')}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errorId}
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
              />
            )}
          </Field>
          <div className={styles.options}>
            <label className={controls.checkbox}>
              <input
                type="checkbox"
                checked={values.rememberPassword}
                onChange={(event) =>
                  setValues((current) => ({ ...current, rememberPassword: event.target.checked }))
                }
              />
              {t('login.rememberPassword')}
            </label>
            <button type="button" className={controls.link} onClick={() => setForgotOpen(true)}>
              {t('login.forgotPassword')}
            </button>
          </div>
          <button
            type="submit"
            className={[controls.primary, controls.large, controls.block, busy && controls.loading]
              .filter(Boolean)
              .join(' ')}
            aria-busy={busy}
          >
            {busy && <Icon name="loading" />}
            {buttonText(t('login.submit'))}
          </button>
        </form>
      </section>
      <Suspense>
        {forgotOpen !== null && (
          <ForgotPasswordDialog
            open={forgotOpen}
            onClose={(account) => {
              setForgotOpen(false);
              if (account) setValues((current) => ({ ...current, username: account, password: '' }));
            }}
          />
        )}
        {pendingToken !== null && (
          <MustChangePasswordDialog
            open
            onChanged={() => {
              setPendingToken(null);
              void enter(pendingToken);
            }}
            onCancel={() => {
              // Leaving without the required change: the session must not stay usable.
              setPendingToken(null);
              endSession();
            }}
          />
        )}
      </Suspense>
    </main>
  );
}
