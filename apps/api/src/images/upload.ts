import type { FastifyRequest } from 'fastify';
import { AppError } from '#http/app-error';

/**
 * The one file of a multipart upload, as bytes. Not multipart is a 415; no file or a broken
 * body an invalid image; a file over the limit `@fastify/multipart` was registered with, 413.
 */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType');
  try {
    const file = await request.file();
    if (!file) throw new AppError('invalidImage');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('imageTooLarge');
    }
    throw new AppError('invalidImage', { cause: error });
  }
}
