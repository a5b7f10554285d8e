// Photos shrunk in the browser before they are uploaded: a phone's camera takes 3-8 MB pictures, and five of them
// over slow mobile data would take minutes. A cover needs no more than about 1600 px on its long side. The server
// checks and re-encodes whatever arrives anyway, so whenever shrinking is not possible or not worth it, the original
// goes as it is.

/** The longest side a photo is shrunk to, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of a shrunk photo: no visible loss on a book's cover at a fraction of the size. */
export const PHOTO_QUALITY = 0.85;
/** A file this small is sent as it is, without even decoding it. */
const SMALL_ENOUGH_BYTES = 300 * 1024;

type Drawable = { width: number; height: number; close?: () => void };

/**
 * The photo to upload for `file`: a JPEG of at most `maxSide` px on its long side, or the original when it is already
 * small, when the browser cannot decode it (a HEIC photo in most browsers; the form then explains the type), or when
 * re-encoding would not make it smaller.
 */
export async function downscalePhoto(file: File, { maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY } = {}): Promise<File> {
  if (file.size <= SMALL_ENOUGH_BYTES || !file.type.startsWith('image/')) return file;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // The camera's rotation (EXIF orientation) is applied, so a portrait photo stays upright once re-encoded.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encodeJpeg(bitmap, width, height, quality);
    if (!blob || blob.size >= file.size) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

async function encodeJpeg(image: Drawable & CanvasImageSource, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, image, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, image, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  image: CanvasImageSource,
  width: number,
  height: number,
): void {
  // JPEG has no transparency: a transparent PNG's clear parts become white paper, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}
