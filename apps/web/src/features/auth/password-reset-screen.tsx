import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { USER_MESSAGES } from '@forja/shared/errors';
import { passwordSchema } from '@forja/shared/schemas/auth';
import { validationMessages } from '@forja/shared/schemas/messages';
import {
  passwordResetSchema,
  passwordResetTriggerSchema,
  type PasswordResetTrigger,
} from '@forja/shared/schemas/user';
import { FieldError, TextField } from '#components/ui/form-field';
import { PublicPage } from '#components/ui/public-page';
import { Button } from '#components/ui/button';
import { textLink } from '#components/ui/styles';
import { errorMessage, isGuessablePassword } from '#lib/api-error';
import { requestPasswordReset, resetPassword } from './auth-api';
import { notify } from '#components/ui/notifications';

interface PasswordResetScreenProps {
  /** From the e-mailed link (?email=&token=); without a token the screen asks for the link. */
  email?: string | undefined;
  token?: string | undefined;
}

export function PasswordResetScreen({ email, token }: PasswordResetScreenProps) {
  return token ? (
    <PublicPage title="Nueva contraseña" description="Elige una contraseña nueva para tu cuenta.">
      <ResetForm email={email ?? ''} token={token} />
    </PublicPage>
  ) : (
    <PublicPage
      title="Restablece tu contraseña"
      description="Te enviaremos un enlace a tu correo para que elijas una contraseña nueva."
    >
      <TriggerForm email={email ?? ''} />
    </PublicPage>
  );
}

function TriggerForm({ email }: { email: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordResetTriggerSchema),
    defaultValues: { email },
  });

  const onSubmit = async (request: PasswordResetTrigger) => {
    try {
      await requestPasswordReset(request);
      setSentTo(request.email);
    } catch (error) {
      notify.error(errorMessage(error, USER_MESSAGES.resetTrigger));
    }
  };

  return (
    <>
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
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando...' : 'Enviar enlace'}
        </Button>
      </form>
      <div role="status" className="empty:hidden">
        {sentTo ? (
          <p className="rounded-xl border border-green-600 bg-green-50 p-4 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-100">
            Si existe una cuenta con {sentTo}, te enviamos un enlace para restablecer la contraseña.
            Revisa tu correo.
          </p>
        ) : null}
      </div>
      <p className="text-center">
        <Link to="/auth/login" className={textLink}>
          Volver a iniciar sesión
        </Link>
      </p>
    </>
  );
}

const resetFormSchema = passwordResetSchema
  .extend({ password_confirmation: passwordSchema })
  .refine((form) => form.password === form.password_confirmation, {
    error: validationMessages.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });

function ResetForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  const onSubmit = async ({
    password_confirmation: _confirmation,
    ...reset
  }: {
    email: string;
    password: string;
    password_confirmation: string;
    token: string;
  }) => {
    try {
      await resetPassword(reset);
    } catch (error) {
      if (isGuessablePassword(error)) {
        setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      notify.error(errorMessage(error, USER_MESSAGES.passwordReset));
      return;
    }
    notify.success('Contraseña actualizada. Ya puedes iniciar sesión');
    await navigate({ to: '/auth/login' });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-4"
    >
      <input type="hidden" {...register('token')} />
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Repite la contraseña nueva"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <FieldError message={errors.token?.message} />
      <Button variant="primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Guardando...' : 'Guardar contraseña'}
      </Button>
    </form>
  );
}
