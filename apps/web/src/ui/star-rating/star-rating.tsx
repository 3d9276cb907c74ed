import { ActionIcon, Group, List, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { IconHelpCircle, IconStar, IconStarFilled } from '@tabler/icons-react';
import {
  POINTS_PER_STAR,
  probabilityToStars,
  QUALIFICATIONS,
  qualificationLabel,
} from '@vendaval/core/constants';

export const QUALIFICATION_HELP_TITLE = 'Como usar o Metodo de Qualificação';

const HELP: Readonly<Record<number, string>> = {
  20: 'o contato deixou claro que não quer seguir.',
  40: 'ainda não mostrou interesse; todo card novo começa aqui.',
  60: 'mostrou algum interesse e trocou informações.',
  80: 'tem interesse claro e está avaliando valores e condições.',
  100: 'decidiu fechar; falta apenas concluir.',
};

function Stars({ count, size = 22 }: { count: number; size?: number }) {
  return (
    <Group gap={0} wrap="nowrap" aria-hidden>
      {QUALIFICATIONS.map((q, index) =>
        index < count ? (
          <IconStarFilled key={q.value} size={size} color="var(--mantine-color-yellow-5)" />
        ) : (
          <IconStar key={q.value} size={size} color="var(--mantine-color-gray-5)" />
        ),
      )}
    </Group>
  );
}

function QualificationHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={QUALIFICATION_HELP_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Escolha quantas estrelas a oportunidade merece. Cada estrela vale {POINTS_PER_STAR} pontos de
          probabilidade de fechamento.
        </Text>
        <List spacing="xs" listStyleType="none">
          {QUALIFICATIONS.map((q, index) => (
            <List.Item key={q.value}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Stars count={index + 1} size={16} />
                <Text size="sm">
                  <b>{q.label}</b> ({q.value}): {HELP[q.value]}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Modal>
  );
}

type StarRatingProps = {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  disabled?: boolean;
};

/** Qualification: 5 stars of 20 points, 20 'Não tem interesse' to 100 'Quero contratar'. */
export function StarRating({ value, onChange, label = 'Qualificação', disabled }: StarRatingProps) {
  const labelId = useId();
  const [helpOpened, help] = useDisclosure(false);
  const stars = probabilityToStars(value);
  return (
    <Stack gap={4}>
      <Group gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {label}
        </Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          color="gray"
          aria-label={QUALIFICATION_HELP_TITLE}
          onClick={help.open}
        >
          <IconHelpCircle size={16} />
        </ActionIcon>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Group role="radiogroup" aria-labelledby={labelId} gap={2} wrap="nowrap">
          {QUALIFICATIONS.map((q, index) => (
            <UnstyledButton
              key={q.value}
              role="radio"
              aria-checked={q.value === value}
              aria-label={q.label}
              title={`${q.label} (${index + 1} de 5)`}
              disabled={disabled}
              onClick={() => onChange(q.value)}
              style={{ lineHeight: 0 }}
            >
              {index < stars ? (
                <IconStarFilled size={24} color="var(--mantine-color-yellow-5)" />
              ) : (
                <IconStar size={24} color="var(--mantine-color-gray-5)" />
              )}
            </UnstyledButton>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {qualificationLabel(value) ?? ''}
        </Text>
      </Group>
      <QualificationHelp opened={helpOpened} onClose={help.close} />
    </Stack>
  );
}
