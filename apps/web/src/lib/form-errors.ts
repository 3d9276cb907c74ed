import { ptBrZodError } from '@vendaval/core/zod-locale';

/**
 * The form resolvers' error map: the same pt-BR catalogue texts the server answers with, so no default
 * validation text reaches the screen even where a schema rule carries no message of its own.
 */
export const ptBrIssue = ptBrZodError;
