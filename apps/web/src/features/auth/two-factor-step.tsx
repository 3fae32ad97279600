import { useState, type SyntheticEvent } from 'react';
import { TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';

export interface SecondFactor {
  totp_code?: string;
  recovery_code?: string;
}

interface TwoFactorStepProps {
  /** Sends the login again with the code; resolves once it is answered. */
  onSubmit: (factor: SecondFactor) => Promise<void>;
  onCancel: () => void;
}

/**
 * The second step of a login for an account with two-factor sign-in: the 6-digit code of
 * the authenticator app, or one of the recovery codes.
 */
export function TwoFactorStep({ onSubmit, onCancel }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = recovery ? value.replace(/[\s-]+/g, '') : value.replace(/\s+/g, '');
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setError('Escribe los 6 dígitos que muestra tu aplicación');
      return;
    }
    if (recovery && !/^[a-z0-9]{10}$/i.test(typed)) {
      setError('Un código de recuperación tiene 10 letras y números, como abcde-fghjk');
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await onSubmit(recovery ? { recovery_code: value } : { totp_code: typed });
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p>
        {recovery
          ? 'Escribe uno de los códigos de recuperación que guardaste al activar la verificación en dos pasos. Cada uno sirve una sola vez.'
          : 'Tu cuenta tiene la verificación en dos pasos. Abre tu aplicación de autenticación y escribe el código de 6 dígitos de Forja.'}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Código de recuperación' : 'Código de la aplicación'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      />
      <Button variant="primary" type="submit" disabled={sending}>
        {sending ? 'Comprobando...' : 'Entrar'}
      </Button>
      <Button
        variant="link"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(undefined);
        }}
      >
        {recovery
          ? 'Usar el código de la aplicación'
          : 'No tengo el móvil: usar un código de recuperación'}
      </Button>
      <Button onClick={onCancel}>Volver</Button>
    </form>
  );
}
