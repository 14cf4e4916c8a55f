// Plants (business units). No zod here, so that screens can read these without the schema library.

export const PLANTS = ['NT', 'GT', 'NY', 'HZ', 'BJ', 'AQ', 'LZ', 'JY'] as const;
export type Plant = (typeof PLANTS)[number];

/**
 * Plants whose attendance system takes the face photo from this app (SPEC §6): only their employees see
 * the photo entries (人脸照片, 修改照片).
 */
export const ATTENDANCE_PHOTO_PLANTS: readonly Plant[] = ['NT', 'GT', 'HZ', 'NY'];
export const hasAttendancePhoto = (baseBu: string) => (ATTENDANCE_PHOTO_PLANTS as readonly string[]).includes(baseBu);
