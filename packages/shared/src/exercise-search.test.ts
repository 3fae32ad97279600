import { describe, expect, it } from 'vitest';
import { exerciseMatches } from './exercise-search';

describe('exercise names across Spain and Latin America', () => {
  it('finds an exercise by the name it has in another country', () => {
    expect(exerciseMatches('Flexiones diamante Pecho', 'lagartijas')).toBe(true);
    expect(exerciseMatches('Zancadas caminando Cuádriceps', 'estocadas')).toBe(true);
    expect(exerciseMatches('Elevación de talones de pie Gemelos', 'pantorrillas')).toBe(true);
    expect(exerciseMatches('Correr en cinta Cardio', 'trotar en caminadora')).toBe(true);
  });

  it('still needs every word of the query', () => {
    expect(exerciseMatches('Flexiones diamante Pecho', 'lagartijas inclinadas')).toBe(false);
    expect(exerciseMatches('Press de banca Pecho', 'lagartijas')).toBe(false);
    expect(exerciseMatches('Sentadilla búlgara Cuádriceps', 'bulgara')).toBe(true);
  });
});
