import { api } from '../../../api';

/** Multipart upload, field 'medias'; the first item of data has the id. */
export const uploadMedia = (file: File) => api.mediaAdd(file);
