/** Room for the multipart framing and the `fieldId` part around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
