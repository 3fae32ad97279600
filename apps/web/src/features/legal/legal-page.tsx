import type { ReactNode } from 'react';
import { TERMS_VERSION } from '@forja/shared/constants';
import { LegalLinks } from '#components/ui/legal-links';
import { HomeLink } from '#components/ui/home-link';
import { textLink } from '#components/ui/styles';

/** Where people write about their data and these terms. */
export const PRIVACY_CONTACT = 'privacidad@forja.example';

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });

/** The date the current terms and policy took effect, as Spanish readers write it. */
export const termsDate = longDate.format(new Date(`${TERMS_VERSION}T00:00:00Z`));

export function ContactLink() {
  return (
    <a href={`mailto:${PRIVACY_CONTACT}`} className={textLink}>
      {PRIVACY_CONTACT}
    </a>
  );
}

/** The frame of the privacy policy and the terms: readable on a phone, linked to each other. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-3xl items-center px-6 py-6">
        <HomeLink />
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 px-6 pt-2 pb-16 leading-relaxed">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance">{title}</h1>
          <p className="text-neutral-700 dark:text-neutral-300">
            Versión en vigor desde el {termsDate}.
          </p>
        </div>
        {children}
      </main>
      <footer className="mx-auto w-full max-w-3xl px-6 pb-10">
        <LegalLinks />
      </footer>
    </div>
  );
}

/** A titled part of a legal page. */
export function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold text-balance">{title}</h2>
      {children}
    </section>
  );
}
