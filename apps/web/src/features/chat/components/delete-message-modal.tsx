import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES, SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useDeleteMessageMutation } from '../api/use-delete-message-mutation.ts';

type Props = { message: ChatMessage; onClose: () => void };

/** 'Você deseja excluir essa mensagem?', then deleted for everyone (CHAT-087, CHAT-091, CHAT-092). */
export function DeleteMessageModal({ message, onClose }: Props) {
  const remove = useDeleteMessageMutation(message.dialog_id);
  const confirm = () =>
    remove.mutate(message.remote_id ?? '', {
      onSuccess: () => {
        showSuccessToast(SUCCESS_MESSAGES.messageDeleted);
        onClose();
      },
    });
  return (
    <Modal opened onClose={onClose} title="Excluir mensagem" centered size="sm">
      <Text size="sm">{MESSAGES.deleteMessageConfirm}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          Excluir
        </Button>
      </Group>
    </Modal>
  );
}
