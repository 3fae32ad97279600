import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { SelectField, TextField } from './form-field';
import { spanishCountries } from '#lib/countries';

interface PersonValues extends FieldValues {
  first_name: string;
  last_name: string;
  country: string;
}

interface PersonFieldsProps<Values extends PersonValues> {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** A first, empty choice, for a form that may start without a country. */
  countryPlaceholder?: string;
}

/** Names and country, as registration asks for them and the profile edits them. */
export function PersonFields<Values extends PersonValues>({
  register,
  errors,
  countryPlaceholder,
}: PersonFieldsProps<Values>) {
  const countries = useMemo(() => spanishCountries(), []);
  // The three names exist in every Values this accepts; TypeScript cannot see it through
  // the generic.
  const field = (name: keyof PersonValues & string) => ({
    error: errors[name]?.message as string | undefined,
    ...register(name as Path<Values>),
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Apellidos" autoComplete="family-name" {...field('last_name')} />
      </div>
      <SelectField label="País" autoComplete="country" {...field('country')}>
        {countryPlaceholder === undefined ? null : <option value="">{countryPlaceholder}</option>}
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
