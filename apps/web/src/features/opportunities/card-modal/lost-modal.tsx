import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { OPPORTUNITY_DESCRIPTION_MAX } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { useState } from 'react';
import { useObjectionsQuery } from '../../../lib/lookups/lookups.ts';

export const LOST_TITLE = 'Oportunidade perdida';

type LostModalProps = {
  opened: boolean;
  onClose: () => void;
  onConfirm: (reasonId: number, description: string | null) => void;
  saving: boolean;
};

/** 'Oportunidade perdida': the lost reason is required, the description optional. */
export function LostModal({ opened, onClose, onConfirm, saving }: LostModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={LOST_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && <LostForm onClose={onClose} onConfirm={onConfirm} saving={saving} />}
    </Modal>
  );
}

function LostForm({ onClose, onConfirm, saving }: Omit<LostModalProps, 'opened'>) {
  const reasons = useObjectionsQuery().data ?? [];
  const [reason, setReason] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const confirm = () => {
    setTried(true);
    if (reason) onConfirm(Number(reason), description.trim() || null);
  };
  return (
    <Stack gap="md">
      <Select
        label="Motivo da perda"
        required
        data={reasons.map((r) => ({ value: String(r.id), label: r.name }))}
        value={reason}
        onChange={setReason}
        searchable
        error={tried && !reason ? MESSAGES.lostRequiresReason : undefined}
        data-autofocus
      />
      <Textarea
        label="Descrição"
        autosize
        minRows={3}
        maxLength={OPPORTUNITY_DESCRIPTION_MAX}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="red" onClick={confirm} loading={saving}>
          Confirmar
        </Button>
      </Group>
    </Stack>
  );
}
