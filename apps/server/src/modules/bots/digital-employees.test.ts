import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { dialogs } from '../../schema/chat.tables.ts';

let w: World;

beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

let numbers = 0;
const cloudBot = (extra: Record<string, unknown> = {}) => ({
  name: `WhatsApp Oficial ${++numbers}`,
  channel: 'whatsapp_cloud',
  whatsapp: {
    phone_number_id: `10654035224${String(numbers).padStart(4, '0')}`,
    business_account_id: '102290129340398',
    access_token: 'EAAG-secret-token',
    app_secret: 'app-secret-value',
    verify_token: 'verify-token-value',
  },
  ...extra,
});

async function create(workspaceId: number, body: object, who: 'admin' | 'rh' = 'admin') {
  const res = await w.call(who, 'POST', workspaceId, 'digital-employees', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; whatsapp: Record<string, unknown> | null };
}

const SECRETS = ['EAAG-secret-token', 'app-secret-value', 'verify-token-value'];

describe('digital employees admin list', () => {
  it('PLAT-073 PLAT-266 an admin adds a sandbox bot; it is listed, searched and read back', async () => {
    const created = await create(w.centro, {
      name: 'Assistente Matrículas',
      channel: 'sandbox',
      greeting: 'Olá!',
    });
    expect(created).toMatchObject({
      name: 'Assistente Matrículas',
      channel: 'sandbox',
      media_type: 'WhatsappQrcode',
      is_whatsapp_qr_code_connected: true,
      active: true,
      greeting: 'Olá!',
      whatsapp: null,
    });
    const list = await w.call('admin', 'GET', w.centro, 'digital-employees?search=matr');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((b: { id: number }) => b.id)).toContain(created.id);
    expect(list.json().pagination).toMatchObject({ limit: 50, offset: 0 });
    const none = await w.call('admin', 'GET', w.centro, 'digital-employees?search=nada-assim');
    expect(none.json().data).toEqual([]);
    const one = await w.call('atendente', 'GET', w.centro, `digital-employees/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().name).toBe('Assistente Matrículas');
  });

  it('PLAT-266 the Cloud API secrets are write-only: answers say has_*, an omitted secret stays, an empty one clears', async () => {
    const created = await create(w.centro, cloudBot());
    expect(created.whatsapp).toEqual({
      phone_number_id: expect.any(String),
      business_account_id: '102290129340398',
      has_access_token: true,
      has_app_secret: true,
      has_verify_token: true,
    });
    for (const res of [
      await w.call('admin', 'GET', w.centro, `digital-employees/${created.id}`),
      await w.call('admin', 'GET', w.centro, 'digital-employees?limit=500'),
      await w.call('admin', 'GET', w.centro, 'bots'),
    ]) {
      for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    }
    const renamed = await w.call('admin', 'PUT', w.centro, `digital-employees/${created.id}`, {
      name: 'Novo nome',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().whatsapp).toMatchObject({ has_access_token: true, has_app_secret: true });
    const cleared = await w.call('admin', 'PUT', w.centro, `digital-employees/${created.id}`, {
      whatsapp: { app_secret: '', verify_token: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().whatsapp).toMatchObject({
      has_access_token: true,
      has_app_secret: false,
      has_verify_token: false,
    });
  });

  it('CHAT-051 CHAT-099 GET /bots lists the active bots with their connection flags', async () => {
    const cloud = await create(w.centro, cloudBot());
    const off = await create(w.centro, { name: 'Desligado', channel: 'sandbox', active: false });
    const res = await w.call('atendente', 'GET', w.centro, 'bots');
    expect(res.statusCode).toBe(200);
    const bots = res.json().data as { id: number }[];
    expect(bots).toContainEqual({
      id: cloud.id,
      name: cloud.name,
      channel: 'whatsapp_cloud',
      media_type: 'WhatsappWaba',
      is_whatsapp_business_connected: true,
      is_whatsapp_qr_code_connected: false,
      keep_bot_on_dialog: false,
    });
    expect(bots.map((b) => b.id)).not.toContain(off.id);
  });

  it('PLAT-266 validation: a name, a known channel, and a Cloud API number id and token', async () => {
    const noName = await w.call('admin', 'POST', w.centro, 'digital-employees', {
      name: ' ',
      channel: 'sandbox',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(MESSAGES.digitalEmployeeNameRequired);
    const badChannel = await w.call('admin', 'POST', w.centro, 'digital-employees', {
      name: 'X',
      channel: 'telegram',
    });
    expect(badChannel.statusCode).toBe(400);
    const noNumber = await w.call('admin', 'POST', w.centro, 'digital-employees', {
      name: 'X',
      channel: 'whatsapp_cloud',
      whatsapp: { access_token: 't' },
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().errors).toEqual([
      { field: 'whatsapp.phone_number_id', description: MESSAGES.digitalEmployeePhoneNumberIdRequired },
    ]);
    const noToken = await w.call('admin', 'POST', w.centro, 'digital-employees', {
      name: 'X',
      channel: 'whatsapp_cloud',
      whatsapp: { phone_number_id: '123' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors[0].field).toBe('whatsapp.access_token');
    const cloud = await create(w.centro, cloudBot());
    const clearsToken = await w.call('admin', 'PUT', w.centro, `digital-employees/${cloud.id}`, {
      whatsapp: { access_token: '' },
    });
    expect(clearsToken.statusCode).toBe(400);
    const sameNumber = await w.call('admin', 'POST', w.zonaNorte, 'digital-employees', {
      ...cloudBot(),
      whatsapp: { phone_number_id: cloud.whatsapp?.phone_number_id, access_token: 't' },
    });
    expect(sameNumber.statusCode).toBe(400);
    expect(sameNumber.body).toContain(MESSAGES.digitalEmployeePhoneNumberTaken);
    const unknownField = await w.call('admin', 'POST', w.centro, 'digital-employees', {
      name: 'X',
      channel: 'sandbox',
      platform_id: 1,
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('PLAT-266 writes are for the admin set: a salesRep and a manager get 403', async () => {
    const bot = await create(w.centro, { name: 'Só admin', channel: 'sandbox' });
    for (const who of ['atendente', 'gerente'] as const) {
      const post = await w.call(who, 'POST', w.centro, 'digital-employees', {
        name: 'X',
        channel: 'sandbox',
      });
      expect(post.statusCode).toBe(403);
      const put = await w.call(who, 'PUT', w.centro, `digital-employees/${bot.id}`, { name: 'Y' });
      expect(put.statusCode).toBe(403);
      const del = await w.call(who, 'DELETE', w.centro, `digital-employees/${bot.id}`);
      expect(del.statusCode).toBe(403);
    }
  });

  it('PLAT-266 a bot of another workspace or platform answers 404 and stays as it was', async () => {
    const other = await create(w.zonaNorte, { name: 'Bot da Zona Norte', channel: 'sandbox' });
    const rh = await create(w.recrutamento, { name: 'Bot do RH', channel: 'sandbox' }, 'rh');
    for (const id of [other.id, rh.id]) {
      expect((await w.call('admin', 'GET', w.centro, `digital-employees/${id}`)).statusCode).toBe(404);
      expect(
        (await w.call('admin', 'PUT', w.centro, `digital-employees/${id}`, { name: 'x' })).statusCode,
      ).toBe(404);
      expect((await w.call('admin', 'DELETE', w.centro, `digital-employees/${id}`)).statusCode).toBe(404);
    }
    const list = await w.call('admin', 'GET', w.centro, 'digital-employees?limit=500');
    expect(list.body).not.toContain('Bot da Zona Norte');
    expect(list.body).not.toContain('Bot do RH');
    const still = await w.call('rh', 'GET', w.recrutamento, `digital-employees/${rh.id}`);
    expect(still.json().name).toBe('Bot do RH');
  });

  it('PLAT-266 deleting a bot without rooms removes it; one with rooms is deactivated and its rooms stay', async () => {
    const lonely = await create(w.centro, { name: 'Sem salas', channel: 'sandbox' });
    const gone = await w.call('admin', 'DELETE', w.centro, `digital-employees/${lonely.id}`);
    expect(gone.json()).toEqual({ message: MESSAGES.digitalEmployeeDeleted, deactivated: false });
    expect((await w.call('admin', 'GET', w.centro, `digital-employees/${lonely.id}`)).statusCode).toBe(404);

    const busy = await create(w.centro, { name: 'Com salas', channel: 'sandbox' });
    const card = await w.create('admin', w.centro);
    await w.t.database.db.insert(dialogs).values({
      platformId: 1000,
      workspaceId: w.centro,
      opportunityId: card.id,
      botId: busy.id,
      phoneNumber: '5511987654321',
      mediaType: 'WhatsappQrcode',
    });
    const kept = await w.call('admin', 'DELETE', w.centro, `digital-employees/${busy.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ message: MESSAGES.digitalEmployeeDeactivated, deactivated: true });
    const after = await w.call('admin', 'GET', w.centro, `digital-employees/${busy.id}`);
    expect(after.json()).toMatchObject({ active: false });
    const rooms = await w.t.database.db.select().from(dialogs);
    expect(rooms.some((d) => d.botId === busy.id)).toBe(true);
  });
});
