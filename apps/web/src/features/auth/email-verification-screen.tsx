import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import { AUTH_MESSAGES } from '@forja/shared/errors';
import {
  emailOnlySchema,
  emailVerificationSchema,
  type EmailVerification,
} from '@forja/shared/schemas/user';
import { TextField } from '#components/ui/form-field';
import { PublicPage } from '#components/ui/public-page';
import { Button } from '#components/ui/button';
import { textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { getRegisteredEmail } from '#lib/session';
import { resendVerificationCode, verifyEmail } from './auth-api';
import { formatWait, useResendCountdown, waitAfterRefusal } from './resend-countdown';
import { notify } from '#components/ui/notifications';

interface EmailVerificationScreenProps {
  /** From the e-mailed link (?email=&token=), when the person came that way. */
  email?: string | undefined;
  token?: string | undefined;
  /** The page to return to after logging in, carried from the registration. */
  from?: string | undefined;
}

export function EmailVerificationScreen({ email, token, from }: EmailVerificationScreenProps) {
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const [sent, setSent] = useState(false);
  const countdown = useResendCountdown();
  const waiting = countdown.secondsLeft > 0;
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailVerificationSchema),
    defaultValues: { email: email ?? getRegisteredEmail() ?? '', token: token ?? '' },
  });

  const onSubmit = async (verification: EmailVerification) => {
    try {
      await verifyEmail(verification);
    } catch (error) {
      notify.error(errorMessage(error, AUTH_MESSAGES.emailVerificationFailed));
      return;
    }
    notify.success('Correo verificado. Ya puedes iniciar sesión');
    await navigate({
      to: '/auth/login',
      search: { from: from ?? '' },
      state: { verifiedEmail: verification.email },
    });
  };

  const resend = async () => {
    const address = emailOnlySchema.safeParse({ email: getValues('email') });
    if (!address.success) {
      setError('email', { message: address.error.issues[0]?.message ?? '' }, { shouldFocus: true });
      return;
    }
    setResending(true);
    setSent(false);
    try {
      await resendVerificationCode(address.data);
      // Only an accepted request says so: a refused one (too soon) mailed nothing.
      setSent(true);
      countdown.start(VERIFICATION_RESEND_INTERVAL_SECONDS);
    } catch (error) {
      const wait = waitAfterRefusal(error);
      if (wait === null) notify.error(errorMessage(error, AUTH_MESSAGES.emailVerificationFailed));
      else countdown.start(wait);
    } finally {
      setResending(false);
    }
  };

  return (
    <PublicPage
      title="Verifica tu correo"
      description="Escribe el código de 6 dígitos que te enviamos por correo electrónico."
    >
      <form
        noValidate
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
          label="Código de verificación"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          error={errors.token?.message}
          className="tracking-[0.4em]"
          {...register('token')}
        />
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Verificando...' : 'Verificar correo'}
        </Button>
        <Button
          disabled={resending || waiting}
          aria-describedby="resend-status"
          onClick={() => void resend()}
        >
          {waiting
            ? `Reenviar código en ${formatWait(countdown.secondsLeft)}`
            : resending
              ? 'Enviando...'
              : 'Reenviar código'}
        </Button>
        <div id="resend-status" role="status" aria-live="polite" className="text-sm">
          {sent ? <p>Te hemos enviado un código nuevo. Puede tardar un par de minutos.</p> : null}
          {waiting ? (
            <p className="text-neutral-700 dark:text-neutral-300">
              Para proteger tu cuenta, solo enviamos un código por minuto.
            </p>
          ) : null}
        </div>
      </form>
      <p className="text-center">
        ¿Ya verificaste tu correo?{' '}
        <Link to="/auth/login" className={textLink}>
          Inicia sesión
        </Link>
      </p>
    </PublicPage>
  );
}
