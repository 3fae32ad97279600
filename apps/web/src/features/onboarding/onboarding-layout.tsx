import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { focusRing } from '#components/ui/styles';

interface OnboardingLayoutProps {
  title: string;
  intro?: string;
  /** 1 to 6 on the steps; absent on the summary. */
  step?: number;
  children: ReactNode;
}

export const STEP_COUNT = 6;

/** The frame of every onboarding screen: the logo, where the person is, and the content. */
export function OnboardingLayout({ title, intro, step, children }: OnboardingLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-2xl items-center px-6 py-6">
        <Link
          to="/users/home"
          className={`flex min-h-11 items-center gap-3 rounded-md ${focusRing}`}
        >
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span className="text-xl font-bold tracking-tight">Forja</span>
        </Link>
      </header>
      <main
        id="contenido"
        className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-6 pb-16"
      >
        {step ? <OnboardingProgress step={step} /> : null}
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          {intro ? <p className="text-neutral-700 dark:text-neutral-300">{intro}</p> : null}
        </div>
        {children}
      </main>
    </div>
  );
}

export function OnboardingProgress({ step }: { step: number }) {
  const label = `Paso ${String(step)} de ${String(STEP_COUNT)}`;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-orange-800 dark:text-orange-300">{label}</p>
      <div
        role="progressbar"
        aria-label="Progreso de la configuración"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div
          className="h-full rounded-full bg-orange-700 transition-[width] dark:bg-orange-400"
          style={{ width: `${String((step / STEP_COUNT) * 100)}%` }}
        />
      </div>
    </div>
  );
}
