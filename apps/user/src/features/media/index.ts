// The media feature's public face: routes, layouts and other features import only from here.
export { uploadMedia } from './api/media';
