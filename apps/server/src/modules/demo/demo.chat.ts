import type { DbOrTx } from '../../infra/db.ts';
import { type SeedMessage, seedConversation } from '../chat/chat.seed.ts';

/** A few conversations of a school, so the board and the chat show rooms from the first start. */
export const SCHOOL_CONVERSATIONS: SeedMessage[][] = [
  [
    { sender: 'contact', text: 'Boa tarde! Vi o anúncio de vocês no Instagram.', minutesAgo: 180 },
    {
      sender: 'bot',
      text: 'Olá! Sou o Assistente Virtual. Obrigado pelo contato: um de nossos atendentes já vai falar com você.',
      minutesAgo: 180,
    },
    { sender: 'user', text: 'Boa tarde! Em que posso ajudar?', minutesAgo: 176 },
    { sender: 'contact', text: 'Queria saber das turmas da manhã para o ano que vem.', minutesAgo: 165 },
    {
      sender: 'user',
      text: 'Temos vagas, sim! Posso agendar uma visita para você conhecer a escola?',
      minutesAgo: 160,
    },
    { sender: 'contact', text: 'Pode ser na quinta às 10h?', minutesAgo: 12 },
  ],
  [
    { sender: 'contact', text: 'Oi, qual o preço da mensalidade?', minutesAgo: 8 },
    {
      sender: 'bot',
      text: 'Nossos valores dependem do curso e do turno. Um atendente vai enviar a tabela completa para você.',
      minutesAgo: 8,
    },
  ],
  [
    { sender: 'contact', text: 'Olá! Gostaria de fazer a matrícula do meu filho.', minutesAgo: 1560 },
    {
      sender: 'user',
      text: 'Olá! Tudo bem? Que ótimo! Podemos deixar tudo pronto amanhã, às 9h?',
      minutesAgo: 1500,
    },
    { sender: 'contact', text: 'Tudo ótimo! Confirmado, estaremos aí às 9h.', minutesAgo: 1440 },
    { sender: 'user', text: 'Perfeito, até amanhã!', minutesAgo: 1430 },
  ],
];

/** The same for a recruiting team: candidates write about openings and interviews. */
export const RECRUITING_CONVERSATIONS: SeedMessage[][] = [
  [
    { sender: 'contact', text: 'Olá! Vi a vaga de Analista de Marketing no LinkedIn.', minutesAgo: 240 },
    {
      sender: 'bot',
      text: 'Olá! Sou o Assistente Virtual. Obrigado pelo interesse: um recrutador já vai falar com você.',
      minutesAgo: 240,
    },
    { sender: 'user', text: 'Oi! Que bom que se interessou. Pode me enviar seu currículo?', minutesAgo: 233 },
    { sender: 'contact', text: 'Claro, acabei de enviar por e-mail.', minutesAgo: 225 },
    { sender: 'user', text: 'Recebi! Podemos marcar uma entrevista por vídeo?', minutesAgo: 200 },
    { sender: 'contact', text: 'Pode ser amanhã às 14h?', minutesAgo: 15 },
  ],
  [
    { sender: 'contact', text: 'Boa tarde, a vaga de estágio ainda está aberta?', minutesAgo: 6 },
    {
      sender: 'bot',
      text: 'Boa tarde! As inscrições do Programa de Estágio estão abertas. Um recrutador vai responder em instantes.',
      minutesAgo: 6,
    },
  ],
  [
    { sender: 'contact', text: 'Olá! Recebi o convite para o teste técnico.', minutesAgo: 1620 },
    {
      sender: 'user',
      text: 'Olá! Isso mesmo: o teste fica disponível até sexta. Qualquer dúvida, é só chamar.',
      minutesAgo: 1590,
    },
    { sender: 'contact', text: 'Combinado, entrego até quinta.', minutesAgo: 1500 },
    { sender: 'user', text: 'Perfeito, obrigado!', minutesAgo: 1490 },
  ],
];

/** When a conversation began and when a person first answered it, in minutes before now. */
export function conversationTimes(messages: SeedMessage[]) {
  return {
    startedMinutesAgo: messages[0]?.minutesAgo ?? 0,
    answeredMinutesAgo: messages.find((m) => m.sender === 'user')?.minutesAgo ?? null,
  };
}

export interface DemoChat {
  opportunityId: number;
  userId: number | null;
  phone: string;
  messages: SeedMessage[];
}

/** One conversation on each card it was planned for. */
export async function seedDemoChats(
  tx: DbOrTx,
  scope: { platformId: number; workspaceId: number },
  chats: DemoChat[],
) {
  for (const chat of chats) await seedConversation(tx, scope, chat);
}
