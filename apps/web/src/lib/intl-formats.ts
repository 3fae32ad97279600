/**
 * Intl formatters, made once per set of options. Building an `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` costs far more than formatting with one (it loads locale data), and a
 * screen formats hundreds of numbers and dates as it renders.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(
  options: Intl.NumberFormatOptions,
  locale = 'es-ES',
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  locale = 'es-ES',
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
