// LogisticsCabinet/UpdatePhotoToAtt: the cabinet's face reader takes the photo the attendance system holds; answers
// the command's state, as RemoteOpenCabinet does.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const updatePhotoToAtt = (boxId: number) => callApi('updatePhotoToAtt', { boxId });

export const useUpdatePhotoToAtt = () => useMutation({ mutationFn: updatePhotoToAtt });
