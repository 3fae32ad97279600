import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { gtinDigits } from '@forja/shared/gtin';
import { barcodeSchema, type Food } from '@forja/shared/schemas/foods';
import { TextField } from '#components/ui/form-field';
import { LineIcon } from '#components/ui/nav-icons';
import { Button } from '#components/ui/button';
import { ApiError, errorMessage } from '#lib/api-error';
import { findFoodByBarcode } from './foods-api';

/** The camera and its barcode reader: downloaded only when the person scans. */
const BarcodeCamera = lazy(() => import('./barcode-camera'));

interface BarcodeEntryProps {
  /** A product with this barcode was found among the person's own or the shared ones. */
  onFound: (food: Food) => void;
  /** None has it: the digits, to fill in a new own food. */
  onNotFound: (barcode: string) => void;
  onClose: () => void;
}

/**
 * The digits of a product's barcode, typed or scanned with the camera ("Escanear"); looked
 * up on the person's and shared products.
 */
export function BarcodeEntry({ onFound, onNotFound, onClose }: BarcodeEntryProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [camera, setCamera] = useState(false);
  /** Why the camera could not be used: the typed box stays. */
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const lookUp = useMutation({
    mutationFn: (code: string) => findFoodByBarcode(code),
    onSuccess: onFound,
    onError: (failure, code) => {
      if (failure instanceof ApiError && failure.status === 404) onNotFound(code);
      else setError(errorMessage(failure, 'No pudimos buscar el código de barras'));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (gtinDigits(typed) === '') {
      setError('Escribe las cifras del código de barras');
      return;
    }
    const parsed = barcodeSchema.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    lookUp.mutate(parsed.data);
  };

  return (
    <form
      aria-label="Código de barras"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-neutral-300 p-3 dark:border-neutral-700"
    >
      {camera ? (
        <Suspense fallback={<p role="status">Abriendo la cámara…</p>}>
          <BarcodeCamera
            onDetected={(code) => {
              // The same path as typed digits.
              setCamera(false);
              setTyped(code);
              setError(undefined);
              lookUp.mutate(code);
            }}
            onProblem={(message) => {
              setCamera(false);
              setCameraProblem(message);
            }}
            onClose={() => {
              setCamera(false);
            }}
          />
        </Suspense>
      ) : (
        <Button
          onClick={() => {
            setCameraProblem(null);
            setCamera(true);
          }}
          className="self-start"
        >
          <BarcodeIcon /> Escanear
        </Button>
      )}
      {cameraProblem ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {cameraProblem}
        </p>
      ) : null}
      <TextField
        label="Código de barras"
        inputMode="numeric"
        autoComplete="off"
        placeholder="8410000000000"
        hint="Las cifras bajo las barras"
        value={typed}
        error={error}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(undefined);
        }}
        maxLength={20}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={lookUp.isPending}>
          {lookUp.isPending ? 'Buscando…' : 'Buscar producto'}
        </Button>
        <Button onClick={onClose}>Cerrar</Button>
      </div>
    </form>
  );
}

/** A barcode's bars: drawn, so it shows the same on every phone (an emoji needs a font). */
function BarcodeIcon() {
  return (
    <LineIcon d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M17 8v8" size={20} />
  );
}
