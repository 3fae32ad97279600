import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import type { Login } from '@forja/shared/schemas/auth';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { PublicPage } from '#components/ui/public-page';
import { Button } from '#components/ui/button';
import { secondaryButton, textLink } from '#components/ui/styles';
import { ApiError, errorMessage } from '#lib/api-error';
import { lazyResolver } from '#lib/lazy-resolver';
import { safeReturnPath } from './safe-return-path';
import { TwoFactorStep, type SecondFactor } from './two-factor-step';

// The login screen is the first one many people see: its validation and the HTTP client
// (with the schema library) load on first focus or submit, not before the form shows.
const loadAuthApi = () => import('./auth-api');
const validation = lazyResolver(async () => {
  void loadAuthApi();
  return (await import('./login-validation')).loginResolver;
});

/** The server's word for a right password that still needs its code (decision 100). */
const TWO_FACTOR_REQUIRED = 'two factor code required';

interface LoginScreenProps {
  /** The page to return to after logging in ('' for the home screen). */
  from: string;
  /** The address to fill in: the one just verified, or '' to start empty. */
  email?: string;
}

export function LoginScreen({ from, email = '' }: LoginScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unverified, setUnverified] = useState<{ email: string; title: string } | null>(null);
  /** The e-mail and password of an account that asked for its second step. */
  const [awaitingCode, setAwaitingCode] = useState<Login | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { email, password: '' },
  });

  const onSubmit = async (credentials: Login) => {
    try {
      const { login } = await loadAuthApi();
      await login(credentials);
    } catch (error) {
      // The words for what went wrong load only once something has. Destructured right at the
      // import, so the build keeps only these of the whole catalogue.
      const { AUTH_MESSAGES, SERVER_ERROR_TEXTS } = await import('@forja/shared/errors');
      if (error instanceof ApiError && error.serverError === SERVER_ERROR_TEXTS.userNotEnabled) {
        setUnverified({ email: credentials.email, title: AUTH_MESSAGES.emailNotVerified });
      }
      if (error instanceof ApiError && error.serverError === TWO_FACTOR_REQUIRED) {
        // The right password: the screen asks for the code instead of showing an error.
        setAwaitingCode({ email: credentials.email, password: credentials.password });
        return;
      }
      notify.error(errorMessage(error, AUTH_MESSAGES.loginFailed));
      return;
    }
    // Whatever was cached belonged to whoever used this tab before.
    queryClient.clear();
    await navigate({ href: safeReturnPath(from), replace: true });
  };

  if (awaitingCode) {
    return (
      <PublicPage
        title="Verificación en dos pasos"
        description="Un paso más para entrar en tu cuenta."
      >
        <TwoFactorStep
          onSubmit={(factor: SecondFactor) => onSubmit({ ...awaitingCode, ...factor })}
          onCancel={() => {
            setAwaitingCode(null);
          }}
        />
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="Inicia sesión"
      description="Entra para seguir con tu plan de nutrición y entrenamiento."
    >
      {unverified ? <UnverifiedNotice {...unverified} /> : null}
      <form
        noValidate
        onFocus={() => void validation.preload()}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Iniciando sesión...' : 'Iniciar sesión'}
        </Button>
      </form>
      <div className="flex flex-col gap-3 text-center">
        <Link to="/users/password-reset" className={textLink}>
          ¿Olvidaste tu contraseña?
        </Link>
        <p>
          ¿No tienes cuenta?{' '}
          <Link to="/users/registration" search={from ? { from } : {}} className={textLink}>
            Crear cuenta
          </Link>
        </p>
      </div>
    </PublicPage>
  );
}

/** Leads an account that is not verified yet to its verification, with a fresh code. */
function UnverifiedNotice({ email, title }: { email: string; title: string }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const { resendVerificationCode } = await loadAuthApi();
      await resendVerificationCode({ email });
      notify.success('Te enviamos un nuevo código de verificación');
      await navigate({ to: '/users/email-verification', search: { email } });
    } catch (error) {
      // Too soon after the last code: nothing was sent, and the last code still works.
      if (error instanceof ApiError && error.status === 429) {
        const wait = error.retryAfter ?? VERIFICATION_RESEND_INTERVAL_SECONDS;
        notify.error(
          `Ya te enviamos un código hace poco. Usa ese o pide otro dentro de ${Math.floor(wait / 60)}:${String(wait % 60).padStart(2, '0')}`,
        );
        return;
      }
      const { AUTH_MESSAGES } = await import('@forja/shared/errors');
      notify.error(errorMessage(error, AUTH_MESSAGES.emailVerificationFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby="unverified-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="unverified-title" className="font-semibold">
        {title}
      </h2>
      <p>
        Antes de entrar, confirma tu correo <span className="font-medium">{email}</span> con el
        código de 6 dígitos que te enviamos.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button disabled={sending} onClick={() => void resend()}>
          {sending ? 'Enviando...' : 'Reenviar código'}
        </Button>
        <Link
          to="/users/email-verification"
          search={{ email }}
          className={`${secondaryButton} text-center`}
        >
          Ya tengo un código
        </Link>
      </div>
    </section>
  );
}
