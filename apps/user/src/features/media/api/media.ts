import { api } from '../../../api';

/** SPEC §7: multipart upload, field 'medias'; the first item of data has the id. */
export const uploadMedia = (file: File) => api.mediaAdd(file);
