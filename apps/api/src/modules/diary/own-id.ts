import { AppError } from '#http/app-error';
import { isUniqueViolation } from '#db/database-errors';

/**
 * Runs an insert that may carry an identifier the app chose (decision 069): one another
 * request took meanwhile is a 409, "Ese identificador ya está en uso".
 */
export async function insertOwnId<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('idInUse', { cause: error });
    throw error;
  }
}
