import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { TERMS_VERSION, type RegistrationRole } from '@forja/shared/constants';
import { AUTH_MESSAGES } from '@forja/shared/errors';
import {
  registrationFormSchema,
  type Registration,
  type RegistrationForm,
} from '@forja/shared/schemas/user';
import { TextField } from '#components/ui/form-field';
import { PublicPage } from '#components/ui/public-page';
import { Button } from '#components/ui/button';
import { textLink } from '#components/ui/styles';
import { errorMessage, isGuessablePassword } from '#lib/api-error';
import { storeRegisteredEmail } from '#lib/session';
import { register as registerAccount } from './auth-api';
import { browserCountry } from '#lib/countries';
import { PersonFields } from '#components/ui/person-fields';
import { notify } from '#components/ui/notifications';
import { TermsCheckbox } from './terms-checkbox';

interface RegistrationScreenProps {
  /** The kind of account: a trainee's unless a trainer signs up on their own page. */
  role?: RegistrationRole;
  /** The page to return to once the account is verified and logged in ('' for the default). */
  from?: string;
}

const WORDING: Record<RegistrationRole, { title: string; description: string }> = {
  trainee: {
    title: 'Crea tu cuenta',
    description: 'Regístrate para recibir tu plan de nutrición y entrenamiento.',
  },
  trainer: {
    title: 'Crea tu cuenta de entrenador',
    description: 'Invita a tus clientes y sigue su progreso desde Forja.',
  },
};

export function RegistrationScreen({ role = 'trainee', from = '' }: RegistrationScreenProps) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: {
      email: '',
      password: '',
      password_confirmation: '',
      first_name: '',
      last_name: '',
      country: browserCountry(),
      accepts_terms: false,
    },
  });

  const onSubmit = async ({
    password_confirmation: _confirmation,
    accepts_terms: _accepted,
    ...fields
  }: RegistrationForm) => {
    // A trainee's account is the server's default; only a trainer's says so.
    const registration: Registration = {
      ...fields,
      terms_version: TERMS_VERSION,
      ...(role === 'trainer' ? { role } : {}),
    };
    try {
      await registerAccount(registration);
    } catch (error) {
      if (isGuessablePassword(error)) {
        setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      notify.error(errorMessage(error, AUTH_MESSAGES.registrationFailed));
      return;
    }
    storeRegisteredEmail(registration.email);
    notify.success('Cuenta creada. Te enviamos un código de verificación a tu correo');
    await navigate({
      to: '/users/email-verification',
      search: { email: registration.email, ...(from ? { from } : {}) },
    });
  };

  return (
    <PublicPage title={WORDING[role].title} description={WORDING[role].description}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="flex flex-col gap-4"
      >
        <PersonFields register={register} errors={errors} countryPlaceholder="Selecciona tu país" />
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
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Repite la contraseña"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <TermsCheckbox error={errors.accepts_terms?.message} {...register('accepts_terms')} />
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creando cuenta...' : 'Crear cuenta'}
        </Button>
      </form>
      <p className="text-center">
        ¿Ya tienes cuenta?{' '}
        <Link to="/auth/login" search={{ from }} className={textLink}>
          Inicia sesión
        </Link>
      </p>
    </PublicPage>
  );
}
