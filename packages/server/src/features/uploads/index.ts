/** The uploads feature: multipart uploads, file answers, owner images and the download routes. */
export { createFileDownloadRouter } from './download-route.js';
export { type FileAnswers, fileAnswers, type KeepUploadsUntil, keepUploadsUntil } from './file-answers.js';
export { createImageRouter } from './image-route.js';
export { ownerUploadRouter } from './owner-upload-route.js';
export {
  createOwnerUploadsService,
  OWNER_UPLOAD_GRACE_MS,
  type OwnerUploadsService,
} from './owner-uploads-service.js';
export { uploadRoute } from './upload-route.js';
export { createUploadsService, maxUploadBytes, type UploadsService } from './uploads-service.js';
