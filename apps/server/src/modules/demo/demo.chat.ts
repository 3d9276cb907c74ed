import type { DbOrTx } from '../../infra/db.ts';
import { type SeedMessage, seedConversation } from '../chat/chat.service.ts';

/** A few conversations so the board and the chat show rooms from the first start. */
const CONVERSATIONS: SeedMessage[][] = [
  [
    { sender: 'contact', text: 'Boa tarde! Vi o anúncio de vocês no Instagram.', minutesAgo: 180 },
    {
      sender: 'bot',
      text: 'Olá! Sou o Assistente Virtual. Obrigado pelo contato: um de nossos atendentes já vai falar com você.',
      minutesAgo: 180,
    },
    { sender: 'user', text: 'Boa tarde! Em que posso ajudar?', minutesAgo: 170 },
    { sender: 'contact', text: 'Queria saber das turmas da manhã para o ano que vem.', minutesAgo: 165 },
    {
      sender: 'user',
      text: 'Temos vagas, sim! Posso agendar uma visita para você conhecer a escola?',
      minutesAgo: 160,
    },
    { sender: 'contact', text: 'Pode ser na quinta às 10h?', minutesAgo: 12 },
  ],
  [
    { sender: 'contact', text: 'Oi, qual o preço da mensalidade?', minutesAgo: 45 },
    {
      sender: 'bot',
      text: 'Nossos valores dependem do curso e do turno. Um atendente vai enviar a tabela completa para você.',
      minutesAgo: 45,
    },
  ],
  [
    {
      sender: 'user',
      text: 'Olá! Tudo bem? Passando para confirmar a matrícula de amanhã.',
      minutesAgo: 1500,
    },
    { sender: 'contact', text: 'Tudo ótimo! Confirmado, estaremos aí às 9h.', minutesAgo: 1440 },
    { sender: 'user', text: 'Perfeito, até amanhã!', minutesAgo: 1430 },
  ],
];

export interface DemoCardOfChat {
  id: number;
  userId: number | null;
  phone: string | null;
}

/** One conversation on each of the first open cards with a phone. */
export async function seedDemoChats(
  tx: DbOrTx,
  scope: { platformId: number; workspaceId: number },
  cards: DemoCardOfChat[],
) {
  const withPhone = cards.filter((c): c is DemoCardOfChat & { phone: string } => Boolean(c.phone));
  for (const [i, messages] of CONVERSATIONS.entries()) {
    const card = withPhone[i];
    if (!card) return;
    await seedConversation(tx, scope, {
      opportunityId: card.id,
      userId: card.userId,
      phone: card.phone,
      messages,
    });
  }
}
