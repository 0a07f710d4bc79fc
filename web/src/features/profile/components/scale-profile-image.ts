import { PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_QUALITY } from '@civitas/events/profiles/profile.contract';

/**
 * docs/product.md, Rules: the picture is scaled in the browser to at most 400 px on the longer side and
 * sent as JPEG at quality 0.8 (the server re-encodes it again, whatever arrives). Upright by its
 * EXIF orientation, transparency on white.
 */
export async function scaleProfileImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, PROFILE_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot scale images.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), 'image/jpeg', PROFILE_IMAGE_QUALITY);
    });
  } finally {
    bitmap.close();
  }
}
