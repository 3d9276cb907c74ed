import type { Terms } from '@vendaval/core/terms';

export type GuideStep = {
  key: string;
  title: string;
  /** The screen the step presents; the last step has none. */
  path: string | null;
  screen: string;
  points: string[];
};

const lower = (text: string) => text.toLocaleLowerCase('pt-BR');

/** The guide's walk through the product, in the brand's own words (its vocabulary of won, lost, product…). */
export function guideSteps(terms: Terms, brand: string): GuideStep[] {
  const rep = terms.sales_rep_term;
  return [
    {
      key: 'boas-vindas',
      title: `Boas-vindas ao ${brand}`,
      path: null,
      screen: 'Visão geral',
      points: [
        'Cada oportunidade é um card que anda pelas etapas do funil até ser fechada.',
        `Um card fechado vira ${terms.won_term} ou ${terms.lost_term}; quem cuida dele é o ${lower(rep)} responsável.`,
        'O menu à esquerda (ou o botão de menu, no celular) leva a cada tela; o sino mostra as suas notificações e o botão de ajuda abre os vídeos da tela.',
      ],
    },
    {
      key: 'funil',
      title: 'O funil de oportunidades',
      path: '/',
      screen: 'Pipeline',
      points: [
        'Cada coluna é uma etapa; arraste um card para mudá-lo de etapa.',
        `Ao criar um card, informe o contato, ${terms.product_term} de interesse e o ${lower(terms.price_term)}.`,
        `Feche o card como ${terms.won_term} ou ${terms.lost_term} (com o motivo da perda); ${lower(terms.concluded_term)} é como os fechados com sucesso aparecem nos relatórios.`,
        'Os filtros do topo guardam a sua seleção enquanto "manter filtros" estiver ligado.',
      ],
    },
    {
      key: 'omnichannel',
      title: 'Conversas no omnichannel',
      path: '/omnichannel',
      screen: 'Omnichannel',
      points: [
        'As conversas de WhatsApp e dos outros canais chegam aqui, cada uma ligada ao card do contato.',
        'Responda com texto, áudio, arquivos ou respostas rápidas (digite "/" para vê-las).',
        'Feche a conversa quando o atendimento terminar; ela pode ser reaberta depois.',
      ],
    },
    {
      key: 'calendario',
      title: 'Tarefas no calendário',
      path: '/calendar',
      screen: 'Calendário',
      points: [
        'Cada ligação, visita ou retorno é uma tarefa de um card, com dia e hora.',
        'Conclua a tarefa registrando o que aconteceu; as atrasadas ficam destacadas.',
        'Você recebe uma notificação pouco antes de cada tarefa.',
      ],
    },
    {
      key: 'contatos',
      title: 'Contatos',
      path: '/contacts',
      screen: 'Contatos',
      points: [
        'A agenda de pessoas do workspace, com telefone, e-mail e endereço.',
        'Abra um contato para ver os cards e o histórico ligados a ele.',
      ],
    },
    {
      key: 'dashboard',
      title: 'Indicadores no dashboard',
      path: '/dashboard',
      screen: 'Dashboard',
      points: [
        'O resumo do funil, as origens, campanhas e mídias dos cards no período escolhido.',
        `A aba de ranking compara o desempenho de cada ${lower(rep)}.`,
      ],
    },
    {
      key: 'pronto',
      title: 'Tudo pronto',
      path: null,
      screen: 'Próximos passos',
      points: [
        'Comece pelo funil: crie o seu primeiro card ou abra um que já é seu.',
        'Em qualquer tela, o botão de ajuda mostra os vídeos daquela tela e volta a este guia.',
      ],
    },
  ];
}
