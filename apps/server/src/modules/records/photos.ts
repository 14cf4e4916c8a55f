// The pictures of a person: the avatar of the person center (shown in the app only, no review) and the face photo
// the attendance system takes (sent through the outside-system adapter, overwriting what that system holds).
import { hasAttendancePhoto } from '@ess/contract/plants';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { employees, files } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import type { OutsideSystems } from '../../integrations/outside-systems';
import { attachFiles, fileIdOf, filePathOf, storeFile } from '../files/service';

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i;

const replaceAvatar = async (
  db: Db,
  caller: Caller,
  { newFileId, requestId }: { newFileId: string; requestId: string },
) =>
  withTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ avatarFileId: employees.avatarFileId })
      .from(employees)
      .where(eq(employees.id, caller.id));
    await tx.update(employees).set({ avatarFileId: newFileId }).where(eq(employees.id, caller.id));
    // The picture it replaces served nothing else.
    if (before?.avatarFileId && before.avatarFileId !== newFileId) {
      await tx.delete(files).where(eq(files.id, before.avatarFileId));
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'avatar.change',
      subject: { type: 'employee', id: caller.id },
      before: { avatar: before?.avatarFileId ?? null },
      after: { avatar: newFileId },
      requestId,
    });
    return filePathOf(newFileId);
  });

/** Home/SaveImageFromBase64: the avatar from a picture the phone cropped and compressed (a data URL). */
export const saveAvatarFromBase64 = async (
  db: Db,
  caller: Caller,
  { image, requestId }: { image: string; requestId: string },
) => {
  const base64 = DATA_URL.exec(image)?.[1];
  if (!base64) throw new BusinessError('INVALID_INPUT', { detail: '图片格式无效，请重新选择' });
  const stored = await storeFile(db, {
    owner: caller,
    upType: 'AVATAR',
    upload: { bytes: Buffer.from(base64.replace(/\s+/g, ''), 'base64'), originalName: 'avatar' },
  });
  await attachFiles(db, caller, [{ path: stored.path, upTypes: ['AVATAR'] }]);
  return replaceAvatar(db, caller, { newFileId: stored.id, requestId });
};

/** User/ModifyUser: the avatar from an uploaded picture (what needs no review; docs/decisions.md). */
export const setAvatarFromUpload = async (
  db: Db,
  caller: Caller,
  { path, requestId }: { path: string; requestId: string },
) => {
  await attachFiles(db, caller, [{ path, upTypes: ['AVATAR'] }]);
  return replaceAvatar(db, caller, { newFileId: fileIdOf(path) as string, requestId });
};

export const getAvatarUrl = async (db: Db, caller: Caller) => {
  const [row] = await db
    .select({ avatarFileId: employees.avatarFileId })
    .from(employees)
    .where(eq(employees.id, caller.id));
  return row?.avatarFileId ? filePathOf(row.avatarFileId) : null;
};

/**
 * Home/UpdateAttPhoto: the face photo goes to the attendance system (outbox by default), for the plants whose
 * attendance takes it (SPEC §6); the employee confirmed it overwrites what that system holds.
 */
export const updateAttendancePhoto = async ({
  db,
  outsideSystems,
  caller,
  path,
  requestId,
  idempotencyKey,
}: {
  db: Db;
  outsideSystems: OutsideSystems;
  caller: Caller;
  path: string;
  requestId: string;
  idempotencyKey?: string;
}) => {
  if (!hasAttendancePhoto(caller.bu)) throw new BusinessError('ATTENDANCE_PHOTO_NOT_OFFERED');
  const commandId = await withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'attendance-photo.update' } : undefined,
    async (tx) => {
      await attachFiles(tx, caller, [{ path, upTypes: ['PHOTO-Mobile'] }]);
      const fileId = fileIdOf(path) as string;
      await recordAudit(tx, {
        actor: caller,
        action: 'attendance-photo.update',
        subject: { type: 'employee', id: caller.id },
        after: { file: fileId },
        requestId,
      });
      return outsideSystems.queue(
        {
          target: 'attendance',
          command: 'update-face-photo',
          payload: { empNo: caller.empNo, bu: caller.bu, file: path },
          requestedBy: caller.id,
        },
        tx,
      );
    },
  );
  // Tried once the photo is committed; a repeat of the same request answers the same command's state.
  return outsideSystems.attempt(commandId);
};
