import { expect, test, type Page } from '@playwright/test';
import { onboardedAccount } from './support/api';
import { expectAccessible, storeSession } from './support/browser';

const publicScreens: [string, string][] = [
  ['/', 'Come y entrena con un plan hecho para ti'],
  ['/auth/login', 'Inicia sesión'],
  ['/users/registration', 'Crea tu cuenta'],
  ['/users/email-verification?email=ana%40example.com', 'Verifica tu correo'],
  ['/users/password-reset', 'Restablece tu contraseña'],
  ['/users/password-reset?email=ana%40example.com&token=abc', 'Nueva contraseña'],
  ['/users/subscription/success', 'Tu suscripción está en marcha'],
  ['/users/subscription/failure', 'No se completó el pago'],
  ['/legal/privacy', 'Política de privacidad'],
  ['/legal/terms', 'Términos y condiciones'],
  ['/no/existe', '404'],
];

const appScreens: [string, string][] = [
  ['/users/home', 'Hola, Lucía'],
  ['/users/diary', 'Diario'],
  ['/users/metrics', 'Métricas'],
  ['/users/profile', 'Perfil'],
  ['/users/settings', 'Ajustes'],
  ['/users/check-in', 'Revisión semanal'],
  ['/users/onboarding/first-step', 'Tu objetivo'],
  ['/users/onboarding/second-step', 'Tu cuerpo'],
  ['/users/onboarding/third-step', 'Tu actividad'],
  ['/users/onboarding/fourth-step', 'Tu entrenamiento'],
  ['/users/onboarding/fifth-step', 'Tu alimentación'],
  ['/users/onboarding/sixth-step', 'Tu salud'],
  ['/users/onboarding/resume', 'Tu plan'],
];

async function checkScreens(page: Page, screens: [string, string][]) {
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
}

test.describe('on a desktop', () => {
  // One test per screen, so a slow machine spreads the axe runs over several time-outs.
  for (const screen of publicScreens) {
    test(`${screen[0]} passes axe`, async ({ page }) => {
      await checkScreens(page, [screen]);
    });
  }

  test('the first public screens pass axe in dark mode too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkScreens(page, publicScreens.slice(0, 3));
  });

  // The screens behind a sign-in in two halves, each with its own account and allowed three
  // times the usual time: thirteen axe runs in one test outlasted that on a slow machine.
  for (const [half, screens] of [
    ['sections', appScreens.slice(0, 6)],
    ['onboarding', appScreens.slice(6)],
  ] as const) {
    test(`every screen of the app passes axe: the ${half}`, async ({ page, request }) => {
      test.slow();
      const account = await onboardedAccount(request, `axe-desktop-${half}`);
      await storeSession(page, account.tokens);
      await checkScreens(page, screens);
    });
  }

  test('the login form can be used with the keyboard alone', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Forja' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Correo electrónico')).toBeFocused();
    await page.keyboard.type('nadie');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Contraseña')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('El correo electrónico debe ser un correo electrónico válido'),
    ).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the privacy policy and the terms pass axe, linked from the landing and registration', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.goto('/users/registration');
    const box = page.getByLabel('He leído y acepto los términos y la política de privacidad');
    await expect(box).not.toBeChecked();
    const target = await page.locator('label:has(input[type=checkbox])').boundingBox();
    expect(target?.width).toBeGreaterThanOrEqual(44);
    expect(target?.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
  });

  test('the sections are in a bottom bar, and the screens pass axe', async ({ page, request }) => {
    const account = await onboardedAccount(request, 'axe-phone');
    await storeSession(page, account.tokens);

    await page.goto('/users/home');
    const bottomBar = page.getByRole('navigation', { name: 'Secciones' });
    await expect(bottomBar).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    // Every control of the top bar and the bottom bar is a touch target of 44 × 44 px or more.
    const smallTargets = await page
      .locator('header a, header button, nav[aria-label="Secciones"] a')
      .evaluateAll((controls) =>
        controls
          .filter((control) => {
            const { width, height } = control.getBoundingClientRect();
            return width > 0 && (width < 44 || height < 44);
          })
          .map((control) => control.getAttribute('aria-label') ?? control.textContent.trim()),
      );
    expect(smallTargets).toEqual([]);
    await bottomBar.getByRole('link', { name: 'Diario' }).click();
    await expect(page).toHaveURL('/users/diary');
    await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await expect(page.getByText(account.email)).toBeVisible();
    await expectAccessible(page);
  });
});
