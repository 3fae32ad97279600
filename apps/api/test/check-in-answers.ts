/** A full answer to Forja's default check-in form, as a trainee sends it. */
export const FULL_CHECK_IN_ANSWERS = {
  energia: 7,
  hambre: 4,
  sueno: 8,
  estres: 3,
  adherencia: 9,
  semana: 'Bien, aunque el jueves cené fuera',
  cambios: null,
};
