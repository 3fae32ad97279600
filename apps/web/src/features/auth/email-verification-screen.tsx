import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES } from '@forja/shared/errors';
import {
  emailOnlySchema,
  emailVerificationSchema,
  type EmailVerification,
} from '@forja/shared/schemas/user';
import { TextField } from '../../components/ui/form-field';
import { PublicPage } from '../../components/ui/public-page';
import { primaryButton, secondaryButton, textLink } from '../../components/ui/styles';
import { errorMessage } from '../../lib/api-error';
import { getRegisteredEmail } from '../../lib/session';
import { resendVerificationCode, verifyEmail } from './auth-api';
import { notify } from '../../components/ui/notifications';

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
    try {
      await resendVerificationCode(address.data);
      notify.success('Si la cuenta está pendiente de verificar, te enviamos un código nuevo');
    } catch (error) {
      notify.error(errorMessage(error, AUTH_MESSAGES.emailVerificationFailed));
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
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Verificando...' : 'Verificar correo'}
        </button>
        <button
          type="button"
          disabled={resending}
          onClick={() => void resend()}
          className={secondaryButton}
        >
          {resending ? 'Enviando...' : 'Reenviar código'}
        </button>
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
