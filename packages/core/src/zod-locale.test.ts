import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCatalogueText } from './catalogue-texts.ts';
import { CHAT_MESSAGE_MAX } from './constants.ts';
import { SCHEMA_MESSAGES } from './messages.ts';
import * as auth from './schemas/auth.ts';
import * as batchMessages from './schemas/batch-messages.ts';
import * as bots from './schemas/bots.ts';
import * as catalog from './schemas/catalog.ts';
import * as chat from './schemas/chat.ts';
import * as common from './schemas/common.ts';
import * as contacts from './schemas/contacts.ts';
import * as leadImport from './schemas/lead-import.ts';
import * as opportunities from './schemas/opportunities.ts';
import * as platform from './schemas/platform.ts';
import * as tasks from './schemas/tasks.ts';
import * as users from './schemas/users.ts';
import * as webhooks from './schemas/webhooks.ts';
import * as workspaces from './schemas/workspaces.ts';
import { applyZodLocale } from './zod-locale.ts';

beforeAll(() => applyZodLocale());

const MODULES = {
  auth,
  batchMessages,
  bots,
  catalog,
  chat,
  common,
  contacts,
  leadImport,
  opportunities,
  platform,
  tasks,
  users,
  webhooks,
  workspaces,
};
const HOSTILE: unknown[] = [
  '',
  'x'.repeat(20_000),
  -1,
  0,
  1.5,
  2147483648,
  1e308,
  'nao-e-email',
  [],
  {},
  null,
  true,
];

/** Every schema the packages share, each fed hostile values whole and field by field. */
function messages(): { where: string; message: string }[] {
  const found: { where: string; message: string }[] = [];
  for (const [moduleName, exports] of Object.entries(MODULES)) {
    for (const [name, schema] of Object.entries(exports)) {
      if (!(schema instanceof z.ZodType)) continue;
      const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
      const inputs = [...HOSTILE, ...shape.flatMap((key) => HOSTILE.map((value) => ({ [key]: value })))];
      for (const input of inputs) {
        const result = schema.safeParse(input);
        for (const issue of result.error?.issues ?? []) {
          found.push({
            where: `${moduleName}.${name} ${JSON.stringify(input)?.slice(0, 40)}`,
            message: issue.message,
          });
        }
      }
    }
  }
  return found;
}

describe('validation texts', () => {
  it('every message a shared schema gives comes from the pt-BR catalogue (no raw validator text)', () => {
    const found = messages();
    expect(found.length).toBeGreaterThan(1000);
    const texts = new Map(found.map((f) => [f.message, f.where]));
    expect([...texts].filter(([message]) => !isCatalogueText(message))).toEqual([]);
  }, 60_000);

  it('a 5,000-character chat message reads in Brazilian Portuguese, with no sign', () => {
    const result = chat.sendMessageBodySchema.safeParse({
      dialog_id: 1,
      message_object: { message: 'a'.repeat(5000) },
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      SCHEMA_MESSAGES.textTooLong(String(CHAT_MESSAGE_MAX)),
    ]);
    expect(SCHEMA_MESSAGES.textTooLong('4096')).toBe('O texto deve ter no máximo 4096 caracteres.');
  });
});
