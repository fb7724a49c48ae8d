/** Forms moving between servers and tools: a form's portable document out, documents imported in. */
export { createTransferRouter } from './transfer-router.js';
export { createTransferService, type TransferService } from './transfer-service.js';
