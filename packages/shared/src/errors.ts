import {
  MAX_ACTIVE_INVITATIONS,
  MAX_CHECK_IN_FORMS_PER_TRAINER,
  MAX_COMMENTS_PER_DAY,
  MAX_ENTRIES_PER_DAY,
  MAX_NOTES_PER_TRAINEE,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_OWN_EXERCISES,
  MAX_OWN_FOODS,
  MAX_PROGRAMS_PER_TRAINER,
  MAX_SETS_PER_EXERCISE,
  MAX_TRAINEES_PER_TRAINER,
  MAX_WORKOUTS_PER_DAY,
} from './constants';

/**
 * The error catalogue (spec §8). The server answers errors as
 * `{ status, data: { error, message } }`: `error` is stable English text that clients may
 * match on, `message` is Spanish and safe to show.
 */

export const HTTP_MESSAGES = {
  400: 'Solicitud incorrecta. Por favor revise los datos enviados',
  401: 'No autorizado. Verifique sus credenciales',
  403: 'Acceso denegado. No tiene permisos para realizar esta acción',
  404: 'Recurso no encontrado',
  500: 'Error interno del servidor. Por favor, inténtelo de nuevo más tarde',
} as const;

export { NETWORK_ERROR_STATUS } from './constants';
/** What a login refused by its rate limit adds: the reset link gets the owner in at once. */
export const LOGIN_LOCKED_WAY_IN =
  'Si eres tú, restablece tu contraseña con «¿Olvidaste tu contraseña?» para entrar ya.';

export const NETWORK_ERROR_MESSAGE =
  'Error de red desconocido. Por favor, inténtelo de nuevo más tarde';

export const AUTH_MESSAGES = {
  loginFailed: 'Ha ocurrido un error al intentar iniciar sesión',
  invalidCredentials: 'Contraseña o correo electrónico incorrectos',
  emailInUse: 'Correo electrónico ya registrado',
  emailNotVerified: 'Falta verificar el correo electrónico',
  invalidVerificationCode: 'Código de verificación inválido',
  accountNotFound: 'No existe ninguna cuenta con ese correo electrónico',
  logoutFailed: 'Ha ocurrido un error al cerrar la sesión',
  noActiveSession: 'No se encontró una sesión activa',
  emailVerificationFailed: 'Ha ocurrido un error al verificar el correo electrónico',
  registrationFailed: 'Ha ocurrido un error al registrar la cuenta',
} as const;

export const USER_MESSAGES = {
  accountNotFound: 'No se encontró la cuenta',
  getUser: 'Ocurrió un error al obtener el usuario',
  updateUser: 'Ocurrió un error al actualizar el usuario',
  passwordReset: 'Ocurrió un error al restablecer la contraseña',
  resetTrigger: 'Ocurrió un error al solicitar el restablecimiento de la contraseña',
  preferencesGet: 'Ocurrió un error al obtener las preferencias',
  preferencesCreate: 'Ocurrió un error al crear las preferencias',
  preferencesUpdate: 'Ocurrió un error al actualizar las preferencias',
  preferencesDelete: 'Ocurrió un error al eliminar las preferencias',
  preferencesNotFound: 'No se encontraron las preferencias',
} as const;

export const SUBSCRIPTION_MESSAGES = {
  schemaMismatch: 'Ocurrio un error con la suscripcion',
  fetchFailed: 'Ocurrio un error al obtener tu suscripción',
  checkoutFailed: 'Ocurrio un error al crear la sesión de pago',
  notFound: 'La suscripción no fue encontrada',
  alreadyActive: 'Ya tienes una suscripción activa',
} as const;

export const TARGET_MESSAGES = {
  macrosExceedEnergy: 'La proteína y la grasa superan el objetivo de energía',
  belowMinimumUnconfirmed:
    'Ese objetivo de energía está por debajo del mínimo recomendado para esta persona: confírmalo para guardarlo',
} as const;

/** Server error texts the client maps to specific messages (spec §8). */
export const SERVER_ERROR_TEXTS = {
  emailInUse: 'email address already in use by another user',
  userNotEnabled: 'user not enabled',
  invalidCredentials: 'invalid credentials',
  invalidVerificationToken: 'invalid verification token',
  alreadyActive: 'already active',
} as const;

/** Consent to the terms and privacy policy, and to the processing of health data. */
export const CONSENT_MESSAGES = {
  termsRequired: 'Debes aceptar los términos y la política de privacidad',
  healthConsentRequired:
    'Para guardar respuestas de salud necesitamos tu consentimiento explícito. Márcalo o deja las preguntas sin responder',
} as const;

/** Trainer accounts, invitations and the link between a trainee and their trainer. */
export const COACHING_MESSAGES = {
  roleInvalid: 'El tipo de cuenta debe ser «trainee» (cliente) o «trainer» (entrenador)',
  invitationNotFound: 'La invitación no existe, ha caducado, se ha revocado o ya se ha usado',
  tooManyInvitations: `Puedes tener como máximo ${MAX_ACTIVE_INVITATIONS} invitaciones activas: revoca alguna que ya no uses`,
  rosterFull: `Este entrenador ya tiene el máximo de ${MAX_TRAINEES_PER_TRAINER} clientes: pídele que te haga sitio`,
  trainerNotFound: 'No tienes ningún entrenador vinculado',
  commentsDayFull: `Un día admite como máximo ${MAX_COMMENTS_PER_DAY} comentarios`,
  notesFull: `Puedes guardar como máximo ${MAX_NOTES_PER_TRAINEE} notas por cliente: borra alguna que ya no necesites`,
  noteNotFound: 'La nota no existe o ya se ha borrado',
} as const;

/** Passwords and two-factor sign-in (decision 100). */
export const PASSWORD_MESSAGES = {
  tooGuessable:
    'Esa contraseña es demasiado fácil de adivinar. Usa una frase de varias palabras que no uses en otros sitios.',
  twoFactorRequired:
    'Escribe el código de 6 cifras que muestra tu aplicación de autenticación, o uno de tus códigos de recuperación.',
  twoFactorWrong:
    'El código no es correcto o ya se ha usado. Escribe el que muestra ahora tu aplicación de autenticación.',
  twoFactorLocked: 'Demasiados códigos incorrectos. Espera 15 minutos y vuelve a intentarlo.',
  twoFactorAlreadyOn:
    'La verificación en dos pasos ya está activada. Desactívala antes de configurarla de nuevo.',
  twoFactorNotStarted: 'Primero pide un código QR nuevo para activar la verificación en dos pasos.',
} as const;

export interface ApiErrorDefinition {
  status: number;
  error: string;
  message: string;
}

/**
 * Every error the server sends. Services throw these by key; one handler turns them into
 * the response envelope.
 */
export const API_ERRORS = {
  badRequest: { status: 400, error: 'bad request', message: HTTP_MESSAGES[400] },
  invalidJson: { status: 400, error: 'malformed JSON body', message: HTTP_MESSAGES[400] },
  validation: { status: 400, error: 'validation failed', message: HTTP_MESSAGES[400] },
  unauthorized: { status: 401, error: 'unauthorized', message: HTTP_MESSAGES[401] },
  paymentRequired: {
    status: 402,
    error: 'subscription required',
    message: 'Necesitas una suscripción activa para continuar',
  },
  forbidden: { status: 403, error: 'forbidden', message: HTTP_MESSAGES[403] },
  notFound: { status: 404, error: 'not found', message: HTTP_MESSAGES[404] },
  methodNotAllowed: { status: 405, error: 'method not allowed', message: HTTP_MESSAGES[400] },
  payloadTooLarge: {
    status: 413,
    error: 'payload too large',
    message: 'La solicitud es demasiado grande',
  },
  unsupportedMediaType: {
    status: 415,
    error: 'unsupported media type',
    message: 'El tipo de contenido no es compatible. Envíe JSON',
  },
  requestTimeout: {
    status: 408,
    error: 'request timeout',
    message: 'La solicitud tardó demasiado en llegar. Inténtelo de nuevo',
  },
  uriTooLong: {
    status: 414,
    error: 'uri too long',
    message: 'La dirección de la solicitud es demasiado larga',
  },
  headersTooLarge: {
    status: 431,
    error: 'request header fields too large',
    message: 'Las cabeceras de la solicitud son demasiado grandes',
  },
  tooManyRequests: {
    status: 429,
    error: 'too many requests',
    message: 'Demasiados intentos. Espere un momento e inténtelo de nuevo',
  },
  internal: { status: 500, error: 'internal server error', message: HTTP_MESSAGES[500] },
  badGateway: {
    status: 502,
    error: 'upstream provider error',
    message: 'El proveedor externo no responde. Inténtelo de nuevo más tarde',
  },
  unavailable: {
    status: 503,
    error: 'service unavailable',
    message: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos',
  },
  emailInUse: {
    status: 400,
    error: SERVER_ERROR_TEXTS.emailInUse,
    message: AUTH_MESSAGES.emailInUse,
  },
  userNotEnabled: {
    status: 401,
    error: SERVER_ERROR_TEXTS.userNotEnabled,
    message: AUTH_MESSAGES.emailNotVerified,
  },
  invalidCredentials: {
    status: 401,
    error: SERVER_ERROR_TEXTS.invalidCredentials,
    message: AUTH_MESSAGES.invalidCredentials,
  },
  invalidVerificationToken: {
    status: 403,
    error: SERVER_ERROR_TEXTS.invalidVerificationToken,
    message: AUTH_MESSAGES.invalidVerificationCode,
  },
  userNotFound: {
    status: 404,
    error: 'user not found',
    message: USER_MESSAGES.accountNotFound,
  },
  preferencesNotFound: {
    status: 404,
    error: 'preferences not found',
    message: USER_MESSAGES.preferencesNotFound,
  },
  preferencesExist: {
    status: 409,
    error: 'preferences already exist',
    message: 'Ya existen preferencias para este usuario',
  },
  foodNotFound: { status: 404, error: 'food not found', message: 'No se encontró el alimento' },
  barcodeNotFound: {
    status: 404,
    error: 'barcode not found',
    message: 'No encontramos ningún producto con ese código de barras',
  },
  invalidBarcode: {
    status: 400,
    error: 'invalid barcode',
    message:
      'El código de barras debe tener 8, 12, 13 o 14 cifras y la última, de control, correcta',
  },
  barcodeTaken: {
    status: 409,
    error: 'barcode taken',
    message: 'Ya tienes otro alimento con ese código de barras',
  },
  idInUse: {
    status: 409,
    error: 'id in use',
    message: 'Ese identificador ya está en uso',
  },
  entryNotFound: {
    status: 404,
    error: 'diary entry not found',
    message: 'No se encontró la entrada del diario',
  },
  invalidServing: {
    status: 400,
    error: 'invalid serving',
    message: 'La unidad no es válida para este alimento',
  },
  exerciseNotFound: {
    status: 404,
    error: 'exercise not found',
    message: 'No se encontró el ejercicio',
  },
  workoutNotFound: {
    status: 404,
    error: 'workout not found',
    message: 'No se encontró el entrenamiento',
  },
  workoutSetNotFound: {
    status: 404,
    error: 'workout set not found',
    message: 'No se encontró la serie',
  },
  weightNotFound: {
    status: 404,
    error: 'weight not found',
    message: 'No hay un peso anotado ese día',
  },
  measurementNotFound: {
    status: 404,
    error: 'measurement not found',
    message: 'No hay medidas anotadas ese día',
  },
  futureDate: {
    status: 400,
    error: 'date in the future',
    message: 'La fecha no puede ser posterior a hoy',
  },
  subscriptionAlreadyActive: {
    status: 400,
    error: 'subscription already active',
    message: SUBSCRIPTION_MESSAGES.alreadyActive,
  },
  subscriptionNotFound: {
    status: 404,
    error: 'subscription not found',
    message: SUBSCRIPTION_MESSAGES.notFound,
  },
  trialAlreadyUsed: {
    status: 400,
    error: 'free trial already used',
    message: 'Ya disfrutaste de tu prueba gratuita. Elige el plan premium para continuar',
  },
  invalidWebhookSignature: {
    status: 400,
    error: 'invalid webhook signature',
    message: 'La firma del evento no es válida',
  },
  paymentsUnavailable: {
    status: 502,
    error: 'payment provider unavailable',
    message: 'El servicio de pagos no responde. Inténtalo de nuevo en unos minutos',
  },
  onboardingIncomplete: {
    status: 409,
    error: 'onboarding incomplete',
    message: 'Completa todos los pasos antes de terminar',
  },
  targetsUnavailable: {
    status: 404,
    error: 'targets not available',
    message: 'Responde a los tres primeros pasos para calcular tus objetivos',
  },
  macrosExceedEnergy: {
    status: 400,
    error: 'protein and fat exceed the energy',
    message: TARGET_MESSAGES.macrosExceedEnergy,
  },
  energyBelowMinimum: {
    status: 400,
    error: 'energy below the minimum needs confirmation',
    message: TARGET_MESSAGES.belowMinimumUnconfirmed,
  },
  invalidImage: {
    status: 400,
    error: 'invalid image',
    message: 'La imagen no es válida. Usa una foto JPG, PNG, WebP, GIF o AVIF',
  },
  imageTooLarge: {
    status: 413,
    error: 'image too large',
    message: 'La imagen es demasiado grande. El máximo es de 8 MB',
  },
  deletionNotConfirmed: {
    status: 400,
    error: 'deletion not confirmed',
    message: 'Escribe ELIMINAR para confirmar que quieres borrar tu cuenta',
  },
  // What one day of the diary holds (decision 044).
  diaryDayFull: {
    status: 400,
    error: 'diary day full',
    message: `Un día admite como máximo ${MAX_ENTRIES_PER_DAY} alimentos`,
  },
  tooManyOwnFoods: {
    status: 400,
    error: 'too many own foods',
    message: `Puedes guardar como máximo ${MAX_OWN_FOODS} alimentos propios: borra alguno que ya no uses`,
  },
  // Recipes (decision 072).
  recipeNotFound: { status: 404, error: 'recipe not found', message: 'No se encontró la receta' },
  invalidIngredient: {
    status: 400,
    error: 'invalid ingredient',
    message: 'Algún ingrediente no existe o no se puede usar en esta receta',
  },
  recipeContainsItself: {
    status: 400,
    error: 'recipe contains itself',
    message: 'Una receta no puede llevarse a sí misma como ingrediente',
  },
  editAsRecipe: {
    status: 400,
    error: 'edit as recipe',
    message: 'Este alimento es una receta: cámbialo desde Recetas',
  },
  copyOntoItself: {
    status: 400,
    error: 'copy onto itself',
    message: 'Elige otro día u otra comida: no se puede copiar algo sobre sí mismo',
  },
  workoutsPerDayFull: {
    status: 400,
    error: 'too many workouts on the day',
    message: `Un día admite como máximo ${MAX_WORKOUTS_PER_DAY} entrenamientos`,
  },
  workoutExercisesFull: {
    status: 400,
    error: 'too many exercises in the workout',
    message: `Un entrenamiento admite como máximo ${MAX_EXERCISES_PER_WORKOUT} ejercicios`,
  },
  workoutSetKind: {
    status: 400,
    error: 'set kind does not fit the exercise',
    message:
      'Este ejercicio se registra con repeticiones y peso, y el cardio con tiempo y distancia',
  },
  workoutSetsFull: {
    status: 400,
    error: 'too many sets in the exercise',
    message: `Un ejercicio admite como máximo ${MAX_SETS_PER_EXERCISE} series`,
  },
  invitationNotFound: {
    status: 404,
    error: 'invitation not found',
    message: COACHING_MESSAGES.invitationNotFound,
  },
  tooManyInvitations: {
    status: 400,
    error: 'too many invitations',
    message: COACHING_MESSAGES.tooManyInvitations,
  },
  rosterFull: {
    status: 409,
    error: 'trainer roster full',
    message: COACHING_MESSAGES.rosterFull,
  },
  trainerNotFound: {
    status: 404,
    error: 'trainer not found',
    message: COACHING_MESSAGES.trainerNotFound,
  },
  // What one day of a trainee's comments holds (decision 055).
  commentsDayFull: {
    status: 400,
    error: 'too many comments on the day',
    message: COACHING_MESSAGES.commentsDayFull,
  },
  // A trainer's private notes about one trainee (decision 057).
  notesFull: {
    status: 409,
    error: 'too many notes',
    message: COACHING_MESSAGES.notesFull,
  },
  noteNotFound: {
    status: 404,
    error: 'note not found',
    message: COACHING_MESSAGES.noteNotFound,
  },
  // The conversation of a trainee and their trainer, and event streams (decision 060).
  messageNotFound: {
    status: 404,
    error: 'message not found',
    message: 'El mensaje no existe o ya no forma parte de la conversación',
  },
  tooManyStreams: {
    status: 503,
    error: 'too many event streams',
    message: 'El servidor está muy ocupado. Vuelve a intentarlo en unos segundos',
  },
  // A trainer's programs and own exercises (decision 058).
  programNotFound: {
    status: 404,
    error: 'program not found',
    message: 'No se encontró el programa',
  },
  tooManyPrograms: {
    status: 400,
    error: 'too many programs',
    message: `Puedes tener como máximo ${MAX_PROGRAMS_PER_TRAINER} programas: borra alguno que ya no uses`,
  },
  tooManyOwnExercises: {
    status: 400,
    error: 'too many own exercises',
    message: `Puedes crear como máximo ${MAX_OWN_EXERCISES} ejercicios propios`,
  },
  programExerciseUnknown: {
    status: 400,
    error: 'unknown exercise in program',
    message: 'Un ejercicio del programa no está en la biblioteca ni entre tus ejercicios',
  },
  programPrescriptionKind: {
    status: 400,
    error: 'prescription kind does not fit the exercise',
    message:
      'Un ejercicio de cardio se prescribe con duración o distancia, y los demás con series y repeticiones',
  },
  programRoutineUnknown: {
    status: 400,
    error: 'unknown routine in program',
    message: 'Una rutina enviada no pertenece a este programa',
  },
  plannedSessionNotFound: {
    status: 404,
    error: 'planned session not found',
    message: 'Tu programa no tiene esa rutina planificada para ese día',
  },
  // Weekly check-ins and progress photos (decision 061).
  checkInNotFound: {
    status: 404,
    error: 'check in not found',
    message: 'La revisión no existe o ya no está disponible',
  },
  checkInsNotShared: {
    status: 404,
    error: 'check ins not shared',
    message:
      'Las revisiones semanales son para quien tiene entrenador y comparte con él las revisiones',
  },
  checkInAnswered: {
    status: 409,
    error: 'check in already answered',
    message: 'Tu entrenador ya ha respondido esta revisión: ya no se puede cambiar',
  },
  checkInWeekClosed: {
    status: 400,
    error: 'check in week not open',
    message: 'Solo puedes enviar la revisión de esta semana o la de la semana pasada',
  },
  invalidCheckInAnswers: {
    status: 400,
    error: 'invalid check in answers',
    message: 'Revisa las respuestas de la revisión',
  },
  tooManyCheckInForms: {
    status: 409,
    error: 'too many check in forms',
    message: `Puedes guardar como máximo ${MAX_CHECK_IN_FORMS_PER_TRAINER} formularios de revisión: borra alguno que ya no uses`,
  },
  checkInFormNotFound: {
    status: 404,
    error: 'check in form not found',
    message: 'Ese formulario de revisión no existe',
  },
  photoNotFound: {
    status: 404,
    error: 'photo not found',
    message: 'La foto no existe o ya no está disponible',
  },
  // Web Push (decision 062).
  proposalNotFound: {
    status: 404,
    error: 'target proposal not found',
    message: 'No se encontró la propuesta de objetivo',
  },
  proposalDecided: {
    status: 409,
    error: 'target proposal already decided',
    message: 'Esta propuesta ya está decidida o ha caducado',
  },
  pushUnavailable: {
    status: 409,
    error: 'push notifications not configured',
    message: 'Este servidor no envía notificaciones al dispositivo',
  },
  pushEndpointNotAllowed: {
    status: 400,
    error: 'push endpoint not allowed',
    message: 'El servicio de notificaciones de este navegador no está admitido',
  },
  // Idempotency-Key on writes (decision 067).
  idempotencyKeyInvalid: {
    status: 400,
    error: 'invalid idempotency key',
    message:
      'La cabecera Idempotency-Key no es válida: debe tener entre 1 y 255 caracteres imprimibles',
  },
  idempotencyKeyReused: {
    status: 422,
    error: 'idempotency key reused',
    message:
      'Esta clave Idempotency-Key ya se usó con otra petición distinta: envía esta con una clave nueva',
  },
  idempotencyKeyInProgress: {
    status: 409,
    error: 'request in progress',
    message: 'Esta petición ya se está procesando',
  },
  // A login refused by its rate limit tells the owner how to get in at once (decision 099).
  loginLocked: {
    status: 429,
    error: 'too many requests',
    message: `Demasiados intentos de inicio de sesión. ${LOGIN_LOCKED_WAY_IN}`,
  },
  // Passwords and two-factor sign-in (decision 100).
  weakPassword: {
    status: 400,
    error: 'password too guessable',
    message: PASSWORD_MESSAGES.tooGuessable,
  },
  // A signed-in write past its per-account limit; the server adds when to retry (decision 099).
  writeRateLimited: {
    status: 429,
    error: 'too many requests',
    message: 'Has enviado mucho en poco tiempo. Espera un poco y vuelve a intentarlo',
  },
  // A replayed write whose answer carried a secret, which is never stored (decision 099).
  idempotencyAnswerWithheld: {
    status: 409,
    error: 'request already applied',
    message:
      'Esta petición ya se aplicó. Su respuesta llevaba datos secretos, que no se guardan, así que no se puede repetir: si la necesitas, haz una petición nueva con otra clave Idempotency-Key',
  },
  // A profile shows only the picture its owner uploaded (decision 097).
  profilePictureNotOwn: {
    status: 400,
    error: 'profile picture not uploaded',
    message:
      'La foto de perfil solo puede ser la que has subido a Forja; para cambiarla, sube otra o quítala',
  },
  /** A right password for an account with two-factor sign-in, sent without a code. */
  twoFactorRequired: {
    status: 401,
    error: 'two factor code required',
    message: PASSWORD_MESSAGES.twoFactorRequired,
  },
  /** At login: a wrong, used or expired code. */
  twoFactorInvalid: {
    status: 401,
    error: 'invalid two factor code',
    message: PASSWORD_MESSAGES.twoFactorWrong,
  },
  /** In settings (confirming or turning it off): a wrong, used or expired code. */
  twoFactorWrongCode: {
    status: 400,
    error: 'wrong two factor code',
    message: PASSWORD_MESSAGES.twoFactorWrong,
  },
  twoFactorLocked: {
    status: 429,
    error: 'too many two factor codes',
    message: PASSWORD_MESSAGES.twoFactorLocked,
  },
  twoFactorAlreadyOn: {
    status: 409,
    error: 'two factor already enabled',
    message: PASSWORD_MESSAGES.twoFactorAlreadyOn,
  },
  twoFactorWrongPassword: {
    status: 400,
    error: 'wrong password',
    message: 'La contraseña no es correcta',
  },
  twoFactorNotStarted: {
    status: 409,
    error: 'two factor enrolment not started',
    message: PASSWORD_MESSAGES.twoFactorNotStarted,
  },
} as const satisfies Record<string, ApiErrorDefinition>;

export type ApiErrorKey = keyof typeof API_ERRORS;

/** The Spanish text for an HTTP status, as the client shows it when nothing better is known. */
export function messageForStatus(status: number): string {
  if (status in HTTP_MESSAGES) return HTTP_MESSAGES[status as keyof typeof HTTP_MESSAGES];
  return NETWORK_ERROR_MESSAGE;
}
