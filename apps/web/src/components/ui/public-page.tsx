import type { ReactNode } from 'react';
import { HomeLink } from './home-link';

interface PublicPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the screens used before reaching the app: logo, a heading, one card. */
export function PublicPage({ title, description, children }: PublicPageProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center px-6 py-6">
        <HomeLink />
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-6 pt-4 pb-16">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          {description ? (
            <p className="text-neutral-700 dark:text-neutral-300">{description}</p>
          ) : null}
        </div>
        {children}
      </main>
    </div>
  );
}
