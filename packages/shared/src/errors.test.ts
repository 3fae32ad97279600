import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  AUTH_MESSAGES,
  messageForStatus,
  NETWORK_ERROR_MESSAGE,
  SUBSCRIPTION_MESSAGES,
} from './errors';
import { validationMessages } from './schemas/messages';

describe('the error catalogue', () => {
  it('carries the exact server texts the specification maps', () => {
    expect(API_ERRORS.emailInUse).toMatchObject({
      status: 400,
      error: 'email address already in use by another user',
      message: 'Correo electrónico ya registrado',
    });
    expect(API_ERRORS.userNotEnabled).toMatchObject({
      status: 401,
      error: 'user not enabled',
      message: 'Falta verificar el correo electrónico',
    });
    expect(API_ERRORS.invalidCredentials).toMatchObject({
      status: 401,
      error: 'invalid credentials',
      message: 'Contraseña o correo electrónico incorrectos',
    });
    expect(API_ERRORS.invalidVerificationToken).toMatchObject({
      status: 403,
      error: 'invalid verification token',
      message: 'Código de verificación inválido',
    });
    expect(API_ERRORS.subscriptionAlreadyActive.status).toBe(400);
    expect(API_ERRORS.subscriptionAlreadyActive.error).toContain('already active');
    expect(API_ERRORS.subscriptionAlreadyActive.message).toBe('Ya tienes una suscripción activa');
  });

  it('gives the generic Spanish text for each status, and the network text otherwise', () => {
    expect(messageForStatus(400)).toBe('Solicitud incorrecta. Por favor revise los datos enviados');
    expect(messageForStatus(401)).toBe('No autorizado. Verifique sus credenciales');
    expect(messageForStatus(403)).toBe(
      'Acceso denegado. No tiene permisos para realizar esta acción',
    );
    expect(messageForStatus(404)).toBe('Recurso no encontrado');
    expect(messageForStatus(500)).toBe(
      'Error interno del servidor. Por favor, inténtelo de nuevo más tarde',
    );
    expect(messageForStatus(999)).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe(
      'Error de red desconocido. Por favor, inténtelo de nuevo más tarde',
    );
  });

  it("keeps the specification's Spanish texts word for word", () => {
    expect(AUTH_MESSAGES).toMatchObject({
      loginFailed: 'Ha ocurrido un error al intentar iniciar sesión',
      invalidCredentials: 'Contraseña o correo electrónico incorrectos',
      emailInUse: 'Correo electrónico ya registrado',
      emailNotVerified: 'Falta verificar el correo electrónico',
      invalidVerificationCode: 'Código de verificación inválido',
    });
    expect(SUBSCRIPTION_MESSAGES).toEqual({
      schemaMismatch: 'Ocurrio un error con la suscripcion',
      fetchFailed: 'Ocurrio un error al obtener tu suscripción',
      checkoutFailed: 'Ocurrio un error al crear la sesión de pago',
      notFound: 'La suscripción no fue encontrada',
      alreadyActive: 'Ya tienes una suscripción activa',
    });
    expect(validationMessages.passwordTooShort).toBe(
      'La contraseña no puede ser menor a 8 caracteres',
    );
    expect(validationMessages.passwordsDoNotMatch).toBe('Las contraseñas no coinciden');
    expect(validationMessages.positiveNumber('El peso')).toBe(
      'El peso debe ser un número positivo',
    );
  });

  it('has a Spanish message for every entry', () => {
    for (const definition of Object.values(API_ERRORS)) {
      expect(definition.message.length).toBeGreaterThan(10);
      expect(definition.error).toMatch(/^[A-Za-z ]+$/);
    }
  });
});
