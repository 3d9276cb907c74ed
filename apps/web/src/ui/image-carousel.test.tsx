import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { ImageCarousel } from './image-carousel.tsx';
import { renderWidget } from './task-form/testing/render-widget.tsx';
import { VideoEmbed } from './video-embed.tsx';

const IMAGES = [
  {
    src: '/api/v1/platforms/1000/news/images/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.png',
    description: 'Funil novo',
  },
  {
    src: '/api/v1/platforms/1000/news/images/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb.jpg',
    description: 'Agenda nova',
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('image carousel', () => {
  it('PLAT-066 moves between images both ways, wrapping around', () => {
    renderWidget(<ImageCarousel images={IMAGES} />);
    expect(screen.getByRole('img', { name: 'Funil novo' })).toBeTruthy();
    expect(screen.getByText('Imagem 1 de 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    expect(screen.getByRole('img', { name: 'Agenda nova' })).toBeTruthy();
    expect(screen.getByText('Imagem 2 de 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    expect(screen.getByText('Imagem 1 de 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    expect(screen.getByRole('img', { name: 'Agenda nova' })).toBeTruthy();
  });

  it('PLAT-067 downloads the image shown, under its own file name', async () => {
    const fetchMock = stubFetch(() => ({ raw: 'bytes' }));
    const createObjectURL = vi.fn(() => 'blob:imagem');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderWidget(<ImageCarousel images={IMAGES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar imagem' }));
    await waitFor(() => expect(clicked).toEqual(['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb.jpg']));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(IMAGES[1]?.src);
    click.mockRestore();
  });
});

describe('embedded video', () => {
  it('PLAT-188 frames only players of the allowed hosts', () => {
    const allowed = renderWidget(
      <VideoEmbed title="Novidades" src="https://www.youtube-nocookie.com/embed/abc" />,
    );
    expect(allowed.container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc',
    );
    allowed.unmount();
    const refused = renderWidget(<VideoEmbed title="Outro" src="https://evil.example/embed/abc" />);
    expect(refused.container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Vídeo indisponível: endereço não permitido.')).toBeTruthy();
  });
});
