import { Link } from '@tanstack/react-router';
import { LegalLinks } from '#components/ui/legal-links';

const highlights = [
  {
    title: 'Nutrición a tu medida',
    text: 'Calorías y macronutrientes calculados según tu cuerpo, tu actividad y tu objetivo.',
  },
  {
    title: 'Entrenamiento con seguimiento',
    text: 'Anota series, repeticiones y pesos, y revisa cada sesión con tu entrenador.',
  },
  {
    title: 'Progreso que se ve',
    text: 'Tu peso con su tendencia, tus medidas y tu constancia, semana a semana.',
  },
] as const;

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:focus-visible:outline-orange-400';

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center gap-3 px-6 py-6">
        <img src="/logo.svg" alt="" width={40} height={40} />
        <span className="text-xl font-bold tracking-tight">Forja</span>
      </header>

      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-16 px-6 pt-8 pb-16 sm:pt-16">
        <section aria-labelledby="landing-title" className="flex max-w-3xl flex-col gap-6">
          <h1
            id="landing-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            Come y entrena con un plan hecho para ti
          </h1>
          <p className="text-lg text-pretty text-neutral-700 sm:text-xl dark:text-neutral-300">
            Forja te acompaña junto a tu entrenador personal: registra tus comidas, tu agua y tus
            entrenamientos, y sigue tu progreso frente a objetivos calculados para ti. Empieza con
            una prueba gratuita.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to="/users/registration"
              className={`rounded-lg bg-orange-700 px-6 py-3 text-center font-semibold text-white hover:bg-orange-800 dark:bg-orange-500 dark:text-neutral-950 dark:hover:bg-orange-400 ${focusRing}`}
            >
              Crear cuenta
            </Link>
            <Link
              to="/auth/login"
              className={`rounded-lg border border-neutral-300 px-6 py-3 text-center font-semibold hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800 ${focusRing}`}
            >
              Iniciar sesión
            </Link>
          </div>
          <p className="text-neutral-700 dark:text-neutral-300">
            ¿Eres entrenador?{' '}
            <Link
              to="/trainers/registration"
              className={`inline-flex min-h-11 items-center rounded-md font-medium text-orange-800 underline underline-offset-2 hover:text-orange-900 dark:text-orange-300 dark:hover:text-orange-200 ${focusRing}`}
            >
              Crea tu cuenta de entrenador
            </Link>
          </p>
        </section>

        <section aria-labelledby="landing-highlights">
          <h2 id="landing-highlights" className="sr-only">
            Qué puedes hacer con Forja
          </h2>
          <ul className="grid gap-6 sm:grid-cols-3">
            {highlights.map((highlight) => (
              <li
                key={highlight.title}
                className="rounded-xl border border-neutral-200 p-6 dark:border-neutral-800"
              >
                <h3 className="text-lg font-semibold">{highlight.title}</h3>
                <p className="mt-2 text-neutral-700 dark:text-neutral-300">{highlight.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="mx-auto w-full max-w-5xl px-6 pb-10">
        <LegalLinks />
      </footer>
    </div>
  );
}
