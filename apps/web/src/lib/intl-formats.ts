/**
 * Intl formatters, made once per set of options. Building an `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` costs far more than formatting with one (it loads locale data), and a
 * screen formats hundreds of numbers and dates as it renders.
 */
function madeOnce<Options, Format>(make: (locale: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (options: Options, locale = 'es-ES'): Format => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const numberFormat = madeOnce(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = madeOnce(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
