import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type SyntheticEvent } from 'react';
import type { TwoFactorEnrolment } from '@forja/shared/schemas/two-factor';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import {
  confirmTwoFactor,
  disableTwoFactor,
  qrSvg,
  startTwoFactor,
  twoFactorQuery,
} from './two-factor-api';

interface TwoFactorSettingsProps {
  userId: string;
  /** Trainers hold many people's health data: the section urges them to turn it on. */
  trainer: boolean;
}

/** Two-factor sign-in with an authenticator app: turning it on (QR, code, recovery codes) and off. */
export function TwoFactorSettings({ userId, trainer }: TwoFactorSettingsProps) {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery(userId));
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: twoFactorQuery(userId).queryKey });

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
        }}
      />
    );
  }
  if (enrolment) {
    return (
      <Enrolment
        userId={userId}
        enrolment={enrolment}
        onConfirmed={(recovery) => {
          setEnrolment(null);
          setCodes(recovery);
          void refresh();
        }}
        onCancel={() => {
          setEnrolment(null);
        }}
      />
    );
  }
  if (status.isPending) return <p>Cargando...</p>;
  if (status.isError) {
    return <p>{errorMessage(status.error, 'No pudimos cargar la verificación en dos pasos')}</p>;
  }

  if (status.data.enabled) {
    return (
      <div className="flex flex-col gap-4">
        <p>
          Está activada: al entrar en Forja te pedimos, además de la contraseña, el código de tu
          aplicación de autenticación. Te quedan {status.data.recovery_codes_left} códigos de
          recuperación.
        </p>
        <TurnOff userId={userId} onDone={() => void refresh()} />
      </div>
    );
  }

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await startTwoFactor(userId));
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos empezar la activación. Inténtalo de nuevo'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {trainer && (
        <p className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
          <strong>Te recomendamos activarla.</strong> Como entrenador ves los datos de salud de tus
          clientes: con la verificación en dos pasos, quien averigüe tu contraseña no podrá entrar
          sin tu móvil.
        </p>
      )}
      <p>
        Protege tu cuenta con un segundo paso al entrar: un código de 6 dígitos que cambia cada 30
        segundos en una aplicación de autenticación (Google Authenticator, Microsoft Authenticator,
        1Password, Aegis…).
      </p>
      <div>
        <Button variant="primary" disabled={starting} onClick={() => void start()}>
          {starting ? 'Preparando...' : 'Activar la verificación en dos pasos'}
        </Button>
      </div>
    </div>
  );
}

function Enrolment({
  userId,
  enrolment,
  onConfirmed,
  onCancel,
}: {
  userId: string;
  enrolment: TwoFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    qrSvg(enrolment.otpauth_url).then(
      (made) => {
        if (current) setSvg(made);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enrolment.otpauth_url]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Escribe los 6 dígitos que muestra tu aplicación');
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const { recovery_codes } = await confirmTwoFactor(userId, typed);
      onConfirmed(recovery_codes);
    } catch (failure) {
      setError(errorMessage(failure, 'No pudimos comprobar el código. Inténtalo de nuevo'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        <li>Abre tu aplicación de autenticación y elige añadir una cuenta.</li>
        <li>Escanea este código QR o, si no puedes, escribe la clave a mano.</li>
        <li>Escribe aquí el código de 6 dígitos que te muestre.</li>
      </ol>
      <div
        role="img"
        aria-label="Código QR para tu aplicación de autenticación"
        className="size-56 self-center rounded-lg bg-white p-2"
        // The SVG comes from the QR library, made from the server's otpauth address.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <div className="flex flex-col gap-1.5">
        <span className="font-medium">Clave para escribir a mano</span>
        <code
          data-testid="two-factor-secret"
          className="rounded-lg bg-neutral-100 p-3 font-mono text-base tracking-wider break-words dark:bg-neutral-800"
        >
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <TextField
        label="Código de la aplicación"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
        }}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="primary" type="submit" disabled={sending}>
          {sending ? 'Comprobando...' : 'Confirmar y activar'}
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold">Verificación en dos pasos activada.</p>
      <p>
        Guarda estos códigos de recuperación en un sitio seguro (un gestor de contraseñas o en
        papel). Si pierdes el móvil, cada uno te deja entrar una vez. No volveremos a mostrarlos.
      </p>
      <ul
        aria-label="Códigos de recuperación"
        className="grid grid-cols-2 gap-2 rounded-lg bg-neutral-100 p-3 font-mono text-base dark:bg-neutral-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          onClick={() => {
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => {
                notify.success('Códigos copiados');
              },
              () => {
                notify.error('No pudimos copiarlos: cópialos a mano');
              },
            );
          }}
        >
          Copiar los códigos
        </Button>
        <Button variant="primary" onClick={onDone}>
          Ya los he guardado
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Escribe tu contraseña para desactivarla');
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await disableTwoFactor(userId, { password });
      notify.success('Verificación en dos pasos desactivada');
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, 'No pudimos desactivarla. Inténtalo de nuevo'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label="Tu contraseña, para desactivarla"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
      />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Desactivando...' : 'Desactivar la verificación en dos pasos'}
        </Button>
      </div>
    </form>
  );
}
