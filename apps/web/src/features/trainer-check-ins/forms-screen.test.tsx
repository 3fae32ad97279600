import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_IN_QUESTIONS } from '@forja/shared/constants';
import type { CheckInForm } from '@forja/shared/schemas/check-ins';
import { anUser, installFakeApi, ok } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };

function formWith(count: number): CheckInForm {
  return {
    weekday: 7,
    questions: Array.from({ length: count }, (_, at) => ({
      key: `p${String(at + 1)}`,
      kind: 'scale' as const,
      label: `Pregunta número ${String(at + 1)}`,
      required: false,
    })),
  };
}

function trainerApi(form: CheckInForm) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/check-in-forms/': ok({ default: form, default_is_custom: true, forms: [] }),
  });
}

describe('Formularios de revisión', () => {
  it('asks for the group’s tag under its box instead of greying out «Crear formulario del grupo»', async () => {
    logIn();
    trainerApi(formWith(3));
    renderApp('/trainers/reviews/forms');
    const user = userEvent.setup();

    const create = await screen.findByRole('button', { name: 'Crear formulario del grupo' });
    expect(create).toBeEnabled();
    await user.click(create);
    const tag = screen.getByLabelText('Etiqueta del grupo');
    expect(screen.getByText('Escribe la etiqueta del grupo')).toBeVisible();
    expect(tag).toHaveAttribute('aria-invalid', 'true');
    expect(tag).toHaveAccessibleDescription(
      'La misma etiqueta que das a tus clientes en Clientes Escribe la etiqueta del grupo',
    );
    expect(screen.queryByRole('form', { name: 'Editar formulario' })).toBeNull();

    await user.type(tag, 'Maratón');
    expect(screen.queryByText('Escribe la etiqueta del grupo')).toBeNull();
    await user.click(create);
    expect(screen.getByRole('form', { name: 'Editar formulario' })).toBeVisible();
  });

  it('says why a question cannot be taken away or added at the limits', async () => {
    logIn();
    trainerApi(formWith(1));
    renderApp('/trainers/reviews/forms');
    const user = userEvent.setup();

    const defaults = await screen.findByRole('region', { name: 'Por defecto' });
    await user.click(within(defaults).getByRole('button', { name: 'Editar' }));
    const editor = within(defaults).getByRole('form', { name: 'Editar formulario' });
    const remove = within(editor).getByRole('button', { name: /^Quitar\s*pregunta 1$/ });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'El formulario necesita al menos una pregunta: añade otra para quitar esta.',
    );

    const add = within(editor).getByRole('button', { name: 'Añadir pregunta' });
    for (let count = 1; count < MAX_CHECK_IN_QUESTIONS; count += 1) await user.click(add);
    expect(within(editor).getByRole('button', { name: /^Quitar\s*pregunta 1$/ })).toBeEnabled();
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      `Has llegado al máximo de ${String(MAX_CHECK_IN_QUESTIONS)} preguntas: quita alguna para añadir otra.`,
    );
    expect(
      within(editor).getByText(
        `Has llegado al máximo de ${String(MAX_CHECK_IN_QUESTIONS)} preguntas: quita alguna para añadir otra.`,
      ),
    ).toBeVisible();
  });

  it('shows what is wrong with a question under its field, sends nothing, and clears it once edited', async () => {
    logIn();
    const api = trainerApi(formWith(2));
    renderApp('/trainers/reviews/forms');
    const user = userEvent.setup();

    const defaults = await screen.findByRole('region', { name: 'Por defecto' });
    await user.click(within(defaults).getByRole('button', { name: 'Editar' }));
    const editor = within(defaults).getByRole('form', { name: 'Editar formulario' });
    await user.clear(within(editor).getByLabelText('Pregunta 1'));
    const kinds = within(editor).getAllByLabelText('Tipo de respuesta');
    await user.selectOptions(kinds[1] as HTMLElement, 'choice');
    const choices = within(editor).getByLabelText(/^Opciones/);
    await user.type(choices, 'Sí');
    await user.click(within(editor).getByRole('button', { name: /^Guardar/ }));

    const first = within(editor).getByLabelText('Pregunta 1');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(/La pregunta/);
    expect(choices).toHaveAttribute('aria-invalid', 'true');
    expect(choices).toHaveAccessibleDescription(
      'Una pregunta de opciones necesita al menos 2 opciones',
    );
    expect(
      within(editor).getByText('Revisa las preguntas: cada aviso está bajo su campo'),
    ).toBeVisible();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.type(choices, '{Enter}No');
    expect(choices).not.toHaveAttribute('aria-invalid');
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });
});
