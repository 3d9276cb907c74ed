import { Button, Modal, SimpleGrid } from '@mantine/core';
import { TEMPLATE_VARIABLES, type TemplateVariable } from '@vendaval/core/constants';
import { VARIABLE_LABELS } from './template-variables.ts';

type Props = { opened: boolean; onClose: () => void; onPick: (variable: TemplateVariable) => void };

/** 'Selecione a variável desejada': the card values a template field can take (CHAT-061, CHAT-062). */
export function VariableDictionaryModal({ opened, onClose, onPick }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Selecione a variável desejada"
      centered
      size="sm"
      zIndex={400}
    >
      <SimpleGrid cols={2} spacing="xs">
        {TEMPLATE_VARIABLES.map((variable) => (
          <Button key={variable} variant="light" onClick={() => onPick(variable)}>
            {VARIABLE_LABELS[variable]}
          </Button>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
