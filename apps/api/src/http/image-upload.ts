import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from './app-error';

/** Uploads above this many bytes are refused before decoding. */
export const IMAGE_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** About a 40-megapixel photo: larger images are refused so decoding cannot eat the memory. */
const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Raster formats people upload photos in. SVG, PDF and the like are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Decodes an uploaded photo, turns it upright, shrinks it to at most `maxSide` px a side and
 * re-encodes it as WebP. Re-encoding drops metadata such as the GPS position a camera wrote;
 * anything but a raster photo (SVG first), an image past 40 megapixels (a decompression bomb)
 * or a damaged one is a 400, more than 8 MiB a 413.
 */
export async function reencodeImage(upload: Buffer, maxSide: number) {
  if (upload.length > IMAGE_MAX_UPLOAD_BYTES) throw new AppError('imageTooLarge');
  try {
    const image = sharp(upload, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!ACCEPTED_FORMATS.has(format)) throw new AppError('invalidImage');
    return await image
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalidImage', { cause: error });
  }
}

/**
 * The one file of a multipart upload (the route registered @fastify/multipart with a file
 * size limit): 415 for another body, 413 past the limit, 400 without a file.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
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
