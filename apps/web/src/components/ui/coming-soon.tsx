import type { ReactNode } from 'react';

interface ComingSoonProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** Stands in for a screen whose content is still being built. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <div className="rounded-xl border border-dashed border-neutral-400 p-6 dark:border-neutral-600">
        <p className="font-semibold">Próximamente</p>
        <p className="mt-1 text-neutral-700 dark:text-neutral-300">{description}</p>
      </div>
      {children}
    </section>
  );
}
