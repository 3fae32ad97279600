import sharp from 'sharp';
import { AppError } from '#http/app-error';

/*
 * The one way an uploaded photo enters Forja (profile pictures, progress photos): refused
 * when too large in bytes or pixels or not a raster photo format, then decoded, turned
 * upright, shrunk and re-encoded as WebP. Re-encoding drops the metadata a camera wrote (the
 * GPS position, the device).
 */

/** Uploads above this many bytes are refused before decoding. */
export const IMAGE_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** About a 40-megapixel photo: larger images are refused so decoding cannot eat the memory. */
const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Raster formats people upload photos in. SVG, PDF and the like are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export const IMAGE_CONTENT_TYPE = 'image/webp';

/** Decodes an upload and re-encodes it as WebP of at most `maxSide` pixels a side. */
export async function resizeImage(upload: Buffer, options: { maxSide: number; quality: number }) {
  if (upload.length > IMAGE_MAX_UPLOAD_BYTES) throw new AppError('imageTooLarge');
  try {
    const image = sharp(upload, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!ACCEPTED_FORMATS.has(format)) throw new AppError('invalidImage');
    return await image
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalidImage', { cause: error });
  }
}
