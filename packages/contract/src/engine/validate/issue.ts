import { fillPlaceholders, formatMessage, type MessageKey, type MessageParams } from '../messages/index.js';
import type { ValidationIssue } from '../types.js';

/**
 * A validation issue. Issues are built once, when a form is compiled, with their message already
 * in the form's language, and shared by every result; they are frozen for that reason.
 */
export class Issue implements ValidationIssue {
  readonly fieldId: string;
  readonly rule: string;
  readonly message: string;

  constructor(fieldId: string, rule: string, message: string) {
    this.fieldId = fieldId;
    this.rule = rule;
    this.message = message;
    Object.freeze(this);
  }
}

/**
 * Builds the issues of one field: a rule code and a built-in message, or the rule's own message
 * (whose `{min}`-style placeholders are filled in the same way).
 */
export type IssueFactory = (rule: string, key: MessageKey, params?: MessageParams, custom?: string) => Issue;

export function issueFactory(fieldId: string, language: string): IssueFactory {
  return (rule, key, params = {}, custom) =>
    new Issue(
      fieldId,
      rule,
      custom === undefined
        ? formatMessage(language, key, params)
        : fillPlaceholders(custom, language, params),
    );
}
