import { VALIDATION_MESSAGES } from '@vendaval/core/validators';

type Issue = {
  code?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  input?: unknown;
};

/**
 * pt-BR text for schema rules that carry no message of their own, passed to the form
 * resolver so that no default (English) validation text reaches the screen.
 */
export function ptBrIssue(issue: Issue): string {
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const minimum = Number(issue.minimum);
    return minimum <= 1 || issue.input === ''
      ? VALIDATION_MESSAGES.required
      : VALIDATION_MESSAGES.min(minimum);
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return `Este campo deve ter no máximo ${Number(issue.maximum)} caracteres`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return VALIDATION_MESSAGES.email;
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return VALIDATION_MESSAGES.required;
  }
  return VALIDATION_MESSAGES.regex;
}
