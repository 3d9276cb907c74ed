import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { renderWidget, signInAs, workspaceApi } from '../../ui/task-form/testing/render-widget.tsx';
import {
  calls,
  cardFixture,
  dialogFixture,
  expectToast,
  messageFixture,
  messagesPage,
  toasts,
} from './chat-test-support.tsx';
import { ChatPanel } from './components/chat-panel.tsx';
import { startOggRecording } from './hooks/audio-encoder.ts';

vi.mock('./hooks/audio-encoder.ts', () => ({ startOggRecording: vi.fn() }));

const recording = {
  pause: vi.fn(),
  resume: vi.fn(),
  stop: vi.fn(async () => new Blob(['OggS'], { type: 'audio/ogg' })),
  cancel: vi.fn(),
};

function api(): StubHandler {
  return workspaceApi({
    'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
    'GET /dialogs/31/messages': () => messagesPage([]),
    'POST /dialogs/31/messages': () => ({ body: { data: messageFixture() } }),
  });
}

let now = 1_700_000_000_000;

function setMobile(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

async function record(ms: number) {
  fireEvent.click(await screen.findByRole('button', { name: 'Gravar áudio' }));
  await screen.findByRole('button', { name: 'Parar gravação' });
  now += ms;
  fireEvent.click(screen.getByRole('button', { name: 'Parar gravação' }));
}

const original = window.matchMedia;

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.mocked(startOggRecording).mockResolvedValue(recording);
  signInAs('manager');
});

afterEach(() => {
  window.matchMedia = original;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('audio', () => {
  it('CHAT-034 CHAT-036 CHAT-038 on a desktop the recording is sent as ogg when stopped', async () => {
    const fetchMock = stubFetch(api());
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await record(2500);
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    const sent = calls(fetchMock, 'POST', '/dialogs/31/messages')[0]?.body?.message_object;
    const { file } = sent as { file: { name: string; base64File: string } };
    expect(file.name).toMatch(/^audio-\d+\.ogg$/);
    expect(file.base64File).toMatch(/^data:audio\/ogg;base64,/);
    expect(await screen.findByRole('button', { name: 'Gravar áudio' })).toBeTruthy();
  });

  it('CHAT-035 a recording shorter than a second is discarded', async () => {
    const fetchMock = stubFetch(api());
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await record(600);
    await waitFor(() => expect(recording.cancel).toHaveBeenCalled());
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(0);
  });

  it('CHAT-037 on a phone the stopped recording waits paused for send or discard', async () => {
    setMobile(true);
    const fetchMock = stubFetch(api());
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await record(3000);
    expect(recording.pause).toHaveBeenCalled();
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar áudio' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    await record(3000);
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar áudio' }));
    expect(recording.cancel).toHaveBeenCalled();
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1);
  });

  it('CHAT-040 recording without permission: Permissão negada!', async () => {
    vi.mocked(startOggRecording).mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    stubFetch(api());
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gravar áudio' }));
    await expectToast('Permissão negada!', 'Por favor, permita o acesso ao microfone para gravar áudio!');
    expect(await screen.findByRole('button', { name: 'Gravar áudio' })).toBeTruthy();
  });

  it('CHAT-039 opening the chat with the microphone refused warns once per session', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: vi.fn(async () => ({ state: 'denied' })) },
    });
    stubFetch(api());
    const view = renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await expectToast(
      'Acesso ao microfone negado!',
      'Algumas funções do sistema precisam de acesso ao microfone para funcionar!',
    );
    view.unmount();
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByRole('button', { name: 'Gravar áudio' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts().filter((t) => t.startsWith('Acesso ao microfone negado!'))).toHaveLength(1);
  });
});
