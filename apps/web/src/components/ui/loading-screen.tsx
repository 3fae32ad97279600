export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6"
    >
      <img
        src="/logo.svg"
        alt="Forja"
        width={64}
        height={64}
        className="motion-safe:animate-pulse"
      />
      <p className="text-lg font-medium text-neutral-700 dark:text-neutral-200">Cargando...</p>
    </div>
  );
}
