// The server's test support, for tests in other workspace packages (`@formloom/server/testing`,
// a workspace-only export: the published package does not ship test/).

// Seals rows as the server does, for tests that write what an older release stored.
export { createSecretBox } from '../../src/crypto/secret-box.js';
// A real mailer (to an SMTP stand-in) for a test server that mails, as the server's own tests make it.
export { createLogger } from '../../src/logger.js';
export { createMailer } from '../../src/mail/mailer.js';
export * from './ai-test-kit.js';
export * from './airtable-stand-in.js';
export * from './captcha-stand-in.js';
export * from './chat-stand-ins.js';
// Polling until a condition holds (the destinations' kit's; the kit itself names things other kits name too).
export { until } from './destination-kit.js';
export * from './dns-stand-in.js';
export * from './fixtures.js';
export * from './google-stand-in.js';
export * from './mcp-kit.js';
export * from './members-kit.js';
export * from './net-kit.js';
export * from './notion-stand-in.js';
export * from './openai-stand-in.js';
export * from './page-fixtures.js';
export * from './question-types.js';
export * from './session-seed.js';
export * from './smart-form-kit.js';
export * from './smtp-stand-in.js';
export * from './stripe-stand-in.js';
export * from './test-database.js';
export * from './test-server.js';
export * from './webhook-test-kit.js';
