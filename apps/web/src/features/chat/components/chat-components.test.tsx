// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chat } from '@arreglaya/shared/i18n/chat';
import type { ChatMessage, ConversationSummary } from '@arreglaya/shared/schemas/chat';
import { Composer } from './composer.tsx';
import { pickRecordingType } from './voice-recorder.tsx';
import type { ChatLive } from '../lib/chat-live.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationPane } from './conversation-pane.tsx';
import { MessageList } from './message-list.tsx';
import { splitLinks } from './message-text.tsx';

afterEach(cleanup);

function inRouter(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/perfil/mensajes', element }], { initialEntries: ['/perfil/mensajes'] });
  return render(<RouterProvider router={router} />);
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function summary(n: number, name: string, lastAt: string, unread: number, rating: number | null = 4.5): ConversationSummary {
  return {
    id: uuid(n),
    projectId: null,
    other: { id: uuid(100 + n), name, role: rating === null ? 'client' : 'contractor', avatarPhotoId: null, rating: rating === null ? null : { average: rating, count: 3 } },
    lastMessage: { text: `Último de ${name}`, type: 'chat', mine: false, at: lastAt },
    lastMessageAt: lastAt,
    unread,
    canWrite: true,
  };
}

describe('ConversationList', () => {
  const conversations = [
    summary(1, 'Teodoro Gómez', '2026-11-20T15:00:00Z', 0),
    summary(2, 'Úrsula Méndez', '2026-11-24T16:30:00Z', 3),
    summary(3, 'Ramón Báez', '2026-11-22T09:00:00Z', 1, null),
  ];

  function List({ query = '', online = [] as string[] }) {
    return (
      <ConversationList
        conversations={conversations}
        selectedId={uuid(3)}
        query={query}
        onQueryChange={() => undefined}
        isOnline={(id) => online.includes(id)}
        hrefOf={(id) => `/perfil/mensajes?conversation=${id}`}
        now={new Date('2026-11-24T18:00:00Z')}
      />
    );
  }

  it('lists the newest conversation first, with unread badges, presence and the selected one marked', async () => {
    inRouter(<List online={[uuid(102)]} />);
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    const items = within(list).getAllByRole('link');
    expect(items.map((a) => within(a).getByTestId('conversation-name').textContent)).toEqual(['Úrsula Méndez', 'Ramón Báez', 'Teodoro Gómez']);
    expect(within(items[0]!).getByText('3 mensajes sin leer')).toBeTruthy();
    expect(within(items[1]!).getByText('1 mensaje sin leer')).toBeTruthy();
    expect(within(items[2]!).queryByText(/sin leer/)).toBeNull();
    expect(within(items[0]!).getByText('En línea')).toBeTruthy();
    expect(within(items[1]!).getByText('Desconectado')).toBeTruthy();
    expect(items[1]!.getAttribute('aria-current')).toBe('page');
    expect(items[0]!.getAttribute('href')).toBe(`/perfil/mensajes?conversation=${uuid(2)}`);
    // A contractor shows stars; a client does not.
    expect(within(items[0]!).getByRole('img', { name: /Calificación/ })).toBeTruthy();
    expect(within(items[1]!).queryByRole('img', { name: /Calificación/ })).toBeNull();
  });

  it('shows a placeholder for a conversation with no message the viewer may see (only a notice to the other person)', async () => {
    const onlyTheirNotice: ConversationSummary = { ...summary(4, 'Inés Peña', '2026-11-24T17:00:00Z', 0, null), lastMessage: null };
    inRouter(
      <ConversationList
        conversations={[onlyTheirNotice, conversations[0]!]}
        selectedId={null}
        query=""
        onQueryChange={() => undefined}
        isOnline={() => false}
        hrefOf={(id) => `/perfil/mensajes?conversation=${id}`}
        now={new Date('2026-11-24T18:00:00Z')}
      />,
    );
    const items = within(await screen.findByRole('list', { name: 'Conversaciones' })).getAllByRole('link');
    expect(within(items[0]!).getByText(chat.page.noPreview)).toBeTruthy();
    expect(within(items[1]!).getByText('Último de Teodoro Gómez')).toBeTruthy();
  });

  it('searches by name, ignoring accents and case', async () => {
    inRouter(<List query="ursula" />);
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(
      within(list)
        .getAllByTestId('conversation-name')
        .map((n) => n.textContent),
    ).toEqual(['Úrsula Méndez']);
    cleanup();
    inRouter(<List query="nadie" />);
    expect(await screen.findByText('Ninguna conversación coincide con ese nombre.')).toBeTruthy();
  });
});

function msg(n: number, text: string, mine: boolean, createdAt: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: uuid(n),
    conversationId: uuid(1),
    senderId: mine ? uuid(500) : uuid(501),
    mine,
    type: 'chat',
    subject: null,
    text,
    photoId: null,
    voiceNote: null,
    quoteId: null,
    projectId: null,
    createdAt,
    deliveredAt: null,
    readAt: null,
    serviceRequest: null,
    ...extra,
  };
}

describe('MessageList', () => {
  const now = new Date('2026-11-24T18:00:00Z');

  it('separates days, shows HH:mm and the delivery state of my messages', async () => {
    const messages = [
      msg(1, 'del jueves', false, '2026-11-19T14:05:00Z'),
      msg(2, 'de ayer', true, '2026-11-23T13:00:00Z', { deliveredAt: '2026-11-23T13:00:01Z', readAt: '2026-11-23T14:00:00Z' }),
      msg(3, 'hoy temprano', true, '2026-11-24T12:07:00Z', { deliveredAt: '2026-11-24T12:07:01Z' }),
      msg(4, 'hoy después', true, '2026-11-24T15:30:00Z'),
    ];
    inRouter(<MessageList conversationId={uuid(1)} messages={messages} otherName="Úrsula" projectId={null} viewerIsContractor={false} now={now} />);
    const separators = await screen.findAllByRole('separator');
    // The test runs in the machine's zone; the labels are the local days.
    expect(separators.map((s) => s.getAttribute('aria-label'))).toEqual([
      new Intl.DateTimeFormat('es-DO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date('2026-11-19T14:05:00Z')),
      'Ayer',
      'Hoy',
    ]);
    const time = new Intl.DateTimeFormat('es-DO', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date('2026-11-24T12:07:00Z'));
    expect(time).toMatch(/^\d\d:\d\d$/);
    expect(screen.getByText(time)).toBeTruthy();
    expect(screen.getByText('Leído')).toBeTruthy();
    expect(screen.getByText('Entregado')).toBeTruthy();
    expect(screen.getByText('Enviado')).toBeTruthy();
  });

  it('makes links clickable, truncated after 50 characters, with rel noopener noreferrer nofollow; markup stays text', async () => {
    const long = 'https://www.ejemplo.do/una/ruta/muy/larga/que/pasa/de/cincuenta/caracteres?x=1';
    const xss = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
    inRouter(
      <MessageList
        conversationId={uuid(1)}
        messages={[msg(1, `Mire: ${long}. Y también www.arreglaya.do`, false, '2026-11-24T12:00:00Z'), msg(2, xss, false, '2026-11-24T12:01:00Z')]}
        otherName="Úrsula"
        projectId={null}
        viewerIsContractor={false}
        now={now}
      />,
    );
    const link = await screen.findByRole('link', { name: `${long.slice(0, 50)}…` });
    expect(link.getAttribute('href')).toBe(long);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'www.arreglaya.do' }).getAttribute('href')).toBe('https://www.arreglaya.do');
    expect(screen.getByText(xss)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });

  it('shows a notification as a card with a link to the project, and a pending request with Aceptar / Rechazar for its contractor only', async () => {
    const onRespond = vi.fn();
    const messages = [
      msg(1, 'Ramón envió una oferta de RD$5,000.00.', false, '2026-11-24T12:00:00Z', { type: 'notification', senderId: null, subject: 'Nueva oferta' }),
      msg(2, 'Necesito cambiar una llave', false, '2026-11-24T12:01:00Z', { subject: 'Nueva solicitud de servicio', serviceRequest: 'pending' }),
    ];
    inRouter(<MessageList conversationId={uuid(1)} messages={messages} otherName="Lucía" projectId={uuid(77)} viewerIsContractor onRespond={onRespond} now={now} />);
    const card = await screen.findByRole('article', { name: 'Aviso de ArreglaYa' });
    expect(within(card).getByRole('heading', { name: 'Nueva oferta' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver el proyecto' }).getAttribute('href')).toBe(`/proyectos/${uuid(77)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onRespond).toHaveBeenCalledWith(uuid(2), 'accept');
    cleanup();
    inRouter(<MessageList conversationId={uuid(1)} messages={messages} otherName="Ramón" projectId={uuid(77)} viewerIsContractor={false} now={now} />);
    await screen.findByText('Esperando la respuesta del contratista.');
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('links an accepted request in a project’s conversation to the project: to make an offer (contractor) or to see it (client)', async () => {
    const messages = [
      msg(1, 'Necesito cambiar una llave', false, '2026-11-24T12:00:00Z', { subject: 'Nueva solicitud de servicio', serviceRequest: 'accepted' }),
      msg(2, 'Acepté tu solicitud de servicio para «Llave».', true, '2026-11-24T12:01:00Z', { subject: 'Solicitud aceptada' }),
    ];
    inRouter(<MessageList conversationId={uuid(1)} messages={messages} otherName="Lucía" projectId={uuid(77)} viewerIsContractor now={now} />);
    expect((await screen.findByRole('link', { name: 'Hacer una oferta en el proyecto' })).getAttribute('href')).toBe(`/proyectos/${uuid(77)}`);
    cleanup();
    const forClient = messages.map((m) => ({ ...m, mine: !m.mine }));
    inRouter(<MessageList conversationId={uuid(1)} messages={forClient} otherName="Ramón" projectId={uuid(77)} viewerIsContractor={false} now={now} />);
    expect((await screen.findByRole('link', { name: 'Ver el proyecto' })).getAttribute('href')).toBe(`/proyectos/${uuid(77)}`);
    cleanup();
    // Without a project there is nothing to link.
    inRouter(<MessageList conversationId={uuid(1)} messages={messages} otherName="Lucía" projectId={null} viewerIsContractor now={now} />);
    await screen.findByText('Acepté tu solicitud de servicio para «Llave».');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers the page’s message actions (Reportar) under the other person’s messages only, never under mine or a notification', async () => {
    const messages = [
      msg(1, 'Aviso', false, '2026-11-24T12:00:00Z', { type: 'notification', senderId: null, subject: 'Nueva oferta' }),
      msg(2, 'Págame por fuera', false, '2026-11-24T12:01:00Z'),
      msg(3, 'No, gracias', true, '2026-11-24T12:02:00Z'),
    ];
    inRouter(
      <MessageList
        conversationId={uuid(1)}
        messages={messages}
        otherName="Lucía"
        projectId={null}
        viewerIsContractor={false}
        messageActions={(m) => <button type="button">{`Reportar ${m.text}`}</button>}
        now={now}
      />,
    );
    await screen.findByText('Págame por fuera');
    expect(screen.getAllByRole('button', { name: /^Reportar/ }).map((b) => b.textContent)).toEqual(['Reportar Págame por fuera']);
  });
});

describe('Composer', () => {
  it('sends on Enter, adds a line on Shift+Enter, and gives the text back when sending fails', async () => {
    const sent: string[] = [];
    let fail = false;
    const onSend = vi.fn(async (text: string) => {
      if (fail) throw new Error('Sin conexión');
      sent.push(text);
    });
    render(<Composer onSend={onSend} onPhoto={async () => undefined} onVoiceNote={async () => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Escribe tu mensaje' });
    expect(box.getAttribute('placeholder')).toBe('Escribe tu mensaje');
    fireEvent.change(box, { target: { value: 'Primera línea' } });
    // Shift+Enter: not sent (the browser inserts the line break itself).
    const shiftEnter = fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(shiftEnter).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Primera línea\nSegunda' } });
    const enter = fireEvent.keyDown(box, { key: 'Enter' });
    expect(enter).toBe(false);
    await waitFor(() => expect(sent).toEqual(['Primera línea\nSegunda']));
    expect((box as HTMLTextAreaElement).value).toBe('');

    // Blank is not sent.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);

    fail = true;
    fireEvent.change(box, { target: { value: 'no llega' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sin conexión');
    expect((box as HTMLTextAreaElement).value).toBe('no llega');
  });

  it('refuses a photo that is not JPG, PNG or WebP, or heavier than 8 MB, before uploading', async () => {
    // jsdom decodes no image: what a browser would answer for a small photo.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 40, height: 30, close: () => undefined }));
    const onPhoto = vi.fn(async () => undefined);
    render(<Composer onSend={async () => undefined} onPhoto={onPhoto} onVoiceNote={async () => undefined} />);
    const input = screen.getByTestId('chat-photo-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 8 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    await screen.findByText(/8 MB/);
    expect(onPhoto).not.toHaveBeenCalled();
    const ok = new File(['x'], 'ok.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [ok] } });
    await waitFor(() => expect(onPhoto).toHaveBeenCalledWith(ok));
    vi.unstubAllGlobals();
  });
});

describe('Composer: the send button and voice notes', () => {
  it('shows the microphone while nothing is written and the “Enviar mensaje” icon button once there is text', () => {
    render(<Composer onSend={async () => undefined} onPhoto={async () => undefined} onVoiceNote={async () => undefined} />);
    expect(screen.getByRole('button', { name: 'Grabar nota de voz' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar mensaje' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), { target: { value: 'Hola' } });
    expect(screen.getByRole('button', { name: 'Enviar mensaje' }).textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Grabar nota de voz' })).toBeNull();
  });

  it('says in Spanish when the microphone is refused, and records nothing', async () => {
    class FakeRecorder {
      static isTypeSupported = (type: string) => type === 'audio/mp4';
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const onVoiceNote = vi.fn(async () => undefined);
    render(<Composer onSend={async () => undefined} onPhoto={async () => undefined} onVoiceNote={onVoiceNote} />);
    fireEvent.click(screen.getByRole('button', { name: 'Grabar nota de voz' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/permiso para usar el micrófono/);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(onVoiceNote).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('picks Opus in WebM, else AAC in MP4', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingType(() => false)).toBeUndefined();
  });
});

describe('ConversationPane', () => {
  /** The pane's view of the live chat: an empty, loaded conversation with nobody online. */
  const live = {
    log: () => ({ messages: [], hasMore: false, status: 'ready', loadingOlder: false }),
    isOnline: () => false,
    isTyping: () => false,
    open: async () => undefined,
    setActive: () => undefined,
    markRead: async () => undefined,
  } as unknown as ChatLive;
  const pane = (canWrite: boolean) =>
    inRouter(
      <ConversationPane
        live={live}
        conversation={{ ...summary(1, 'Teodoro Gómez', '2026-11-20T15:00:00Z', 0), canWrite }}
        respond={null}
        onRespondHandled={() => undefined}
        backHref="/perfil/mensajes"
      />,
    );

  it('offers the composer while the other person can answer', () => {
    pane(true);
    expect(screen.getByPlaceholderText(chat.placeholder)).toBeTruthy();
    expect(screen.queryByText(chat.otherPersonGone)).toBeNull();
  });

  it('says why instead of a composer once the other person is banned or gone (the server refuses the message)', () => {
    pane(false);
    expect(screen.getByRole('status').textContent).toBe(chat.otherPersonGone);
    expect(screen.queryByPlaceholderText(chat.placeholder)).toBeNull();
  });
});
