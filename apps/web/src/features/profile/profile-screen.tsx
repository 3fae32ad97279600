import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '#components/ui/notifications';
import { USER_MESSAGES } from '@forja/shared/errors';
import { userUpdateSchema, type User, type UserUpdate } from '@forja/shared/schemas/user';
import { TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { secondaryButton } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { PersonFields } from '#components/ui/person-fields';
import { removeProfilePicture, updateProfile, uploadProfilePicture } from './profile-api';

interface ProfileScreenProps {
  user: User;
  /** Called after any change, so the rest of the app shows the new name or picture. */
  onChanged: () => Promise<void>;
}

/** The part of the update this form edits; every field of it is asked. */
const profileFormSchema = userUpdateSchema
  .pick({ first_name: true, last_name: true, country: true })
  .required();

/** Names, country and picture; the e-mail is shown but cannot be changed here. */
export function ProfileScreen({ user, onChanged }: ProfileScreenProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      country: user.country,
    },
  });

  const save = async (update: UserUpdate) => {
    try {
      await updateProfile(user.id, update);
      await onChanged();
      notify.success('Perfil guardado');
    } catch (error) {
      notify.error(errorMessage(error, USER_MESSAGES.updateUser));
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Perfil</h1>
      <PictureSection user={user} onChanged={onChanged} />
      <section aria-labelledby="details-title" className="flex flex-col gap-4">
        <h2 id="details-title" className="text-xl font-bold">
          Tus datos
        </h2>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(save)(event)}
          className="flex max-w-xl flex-col gap-4"
        >
          <PersonFields register={register} errors={errors} />
          <TextField
            label="Correo electrónico"
            type="email"
            value={user.email}
            readOnly
            hint="Es el correo con el que inicias sesión; no se puede cambiar."
          />
          <div>
            <Button variant="primary" type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Guardando...' : 'Guardar cambios'}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}

function initials(user: User): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

function PictureSection({ user, onChanged }: ProfileScreenProps) {
  const input = useRef<HTMLInputElement>(null);
  // What is under way, so each control says its own: «Subiendo...» or «Quitando...».
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);

  async function run(doing: 'uploading' | 'removing', task: () => Promise<unknown>, done: string) {
    setBusy(doing);
    try {
      await task();
      await onChanged();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, USER_MESSAGES.updateUser));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <section aria-labelledby="picture-title" className="flex flex-col gap-4">
      <h2 id="picture-title" className="text-xl font-bold">
        Foto de perfil
      </h2>
      <div className="flex flex-wrap items-center gap-5">
        {user.profile_picture_url ? (
          <img
            src={user.profile_picture_url}
            alt="Tu foto de perfil"
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-24 items-center justify-center rounded-full bg-orange-700 text-3xl font-semibold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {initials(user)}
          </span>
        )}
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id="picture-file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="peer sr-only"
            disabled={busy !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) {
                void run(
                  'uploading',
                  () => uploadProfilePicture(user.id, file),
                  'Foto actualizada',
                );
              }
            }}
          />
          <label
            htmlFor="picture-file"
            className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-orange-700`}
          >
            {busy === 'uploading'
              ? 'Subiendo...'
              : user.profile_picture_url
                ? 'Cambiar foto'
                : 'Subir foto'}
          </label>
          {user.profile_picture_url ? (
            <Button
              variant="plain"
              disabled={busy !== null}
              onClick={() =>
                void run('removing', () => removeProfilePicture(user.id), 'Foto eliminada')
              }
              className="self-start rounded-sm text-left text-sm font-medium text-red-700 underline dark:text-red-400"
            >
              {busy === 'removing' ? 'Quitando...' : 'Quitar foto'}
            </Button>
          ) : null}
          <p className="text-sm text-neutral-600 dark:text-neutral-300">
            JPG, PNG, WebP, GIF o AVIF de hasta 8 MB.
          </p>
        </div>
      </div>
    </section>
  );
}
