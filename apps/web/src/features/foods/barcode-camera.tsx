import { useEffect, useRef, useState } from 'react';
import { barcodeSchema } from '@forja/shared/schemas/foods';
import { Button } from '#components/ui/button';

/** The barcodes food packs carry. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];

/** Time between two looks at the picture: enough for a phone, little battery. */
const EVERY_MS = 250;

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads food barcodes; elsewhere the
 * `barcode-detector` polyfill, downloaded only now, with its zxing WebAssembly served by
 * Forja itself (never a CDN; the CSP allows it with 'wasm-unsafe-eval', decision 073).
 */
async function barcodeDetector(): Promise<Detector> {
  const native = (window as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported: string[] = await native.getSupportedFormats().catch(() => []);
    if (FORMATS.every((format) => supported.includes(format))) {
      return new native({ formats: FORMATS });
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e'] });
}

/** Why the camera could not be used, as the person reads it. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'No tenemos permiso para usar la cámara. Puedes darlo en los ajustes del navegador o escribir las cifras del código.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'No encontramos ninguna cámara que podamos usar. Escribe las cifras del código.';
  }
  return 'No pudimos abrir la cámara. Escribe las cifras del código.';
}

interface BarcodeCameraProps {
  /** A valid barcode was read: its digits. */
  onDetected: (code: string) => void;
  /** The camera cannot be used: why, in Spanish; the typed box stays. */
  onProblem: (message: string) => void;
  onClose: () => void;
}

/**
 * The rear camera, looking for a food barcode a few times a second; the first one read
 * whose check digit is right is handed on and the camera turned off.
 */
export default function BarcodeCamera({ onDetected, onProblem, onClose }: BarcodeCameraProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onDetected, onProblem });
  useEffect(() => {
    handlers.current = { onDetected, onProblem };
  });

  useEffect(() => {
    const state = { stopped: false };
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      state.stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    const start = async () => {
      // Absent over plain http (but on localhost) and in some embedded browsers.
      const devices = navigator.mediaDevices as MediaDevices | undefined;
      if (!devices) {
        throw new DOMException('no camera', 'NotFoundError');
      }
      const [media, detector] = await Promise.all([
        devices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
        barcodeDetector(),
      ]);
      stream = media;
      const element = video.current;
      if (state.stopped || !element) {
        stop();
        return;
      }
      element.srcObject = media;
      await element.play();
      setReady(true);
      const look = async (): Promise<void> => {
        const found = await detector.detect(element).catch(() => []);
        for (const { rawValue } of found) {
          const parsed = barcodeSchema.safeParse(rawValue);
          if (parsed.success && !state.stopped) {
            stop();
            handlers.current.onDetected(parsed.data);
            return;
          }
        }
        if (!state.stopped) timer = setTimeout(() => void look(), EVERY_MS);
      };
      void look();
    };

    start().catch((error: unknown) => {
      if (state.stopped) return;
      stop();
      handlers.current.onProblem(cameraProblem(error));
    });
    return stop;
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Cámara"
        className="aspect-[4/3] w-full rounded-lg bg-neutral-900 object-cover"
      />
      <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
        {ready ? 'Apunta al código de barras del envase.' : 'Abriendo la cámara…'}
      </p>
      <Button onClick={onClose} className="self-start">
        Cerrar la cámara
      </Button>
    </div>
  );
}
