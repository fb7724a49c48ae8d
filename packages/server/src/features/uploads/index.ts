/** The uploads feature: multipart uploads, file answers and the download route. */
export { createFileDownloadRouter } from './download-route.js';
export { type FileAnswers, fileAnswers, type KeepUploadsUntil, keepUploadsUntil } from './file-answers.js';
export { uploadRoute } from './upload-route.js';
export { createUploadsService, maxUploadBytes, type UploadsService } from './uploads-service.js';
