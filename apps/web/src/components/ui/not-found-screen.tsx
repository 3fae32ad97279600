import { Link } from '@tanstack/react-router';

export function NotFoundScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-12 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-orange-700 dark:text-orange-400">
        404
      </h1>
      <p className="text-2xl font-semibold">Pagina no encontrada</p>
      <p className="max-w-md text-neutral-600 dark:text-neutral-300">
        Lo sentimos, no pudimos encontrar la página que buscas.
      </p>
      <Link
        to="/"
        className="mt-2 rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:bg-orange-500 dark:text-neutral-950 dark:hover:bg-orange-400 dark:focus-visible:outline-orange-400"
      >
        Regresar al inicio
      </Link>
    </main>
  );
}
