import { Center, Group, Loader, Modal, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconId } from '@tabler/icons-react';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';
import { formatPhone } from '@vendaval/core/format';
import { HistoryTimeline } from '../../../ui/history-timeline/history-timeline.tsx';
import { useContactQuery } from '../api/use-contact-query.ts';
import { BlacklistBadge } from './blacklist-badge.tsx';
import { ContactForm } from './contact-form.tsx';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

type ContactModalProps = { contactId: number | null; onClose: () => void };

/** A contact's data (editable) and its activity history. */
export function ContactModal({ contactId, onClose }: ContactModalProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const contact = useContactQuery(contactId);
  const data = contact.data?.id === contactId ? contact.data : undefined;
  return (
    <Modal
      opened={contactId !== null}
      onClose={onClose}
      title={data?.name ?? 'Contato'}
      size="xl"
      centered
      fullScreen={mobile}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {!data ? (
        <Center py="xl">
          {contact.isError ? (
            <Text c="dimmed">Contato não encontrado.</Text>
          ) : (
            <Loader aria-label="Carregando contato" />
          )}
        </Center>
      ) : (
        <>
          <Group gap="xs" mb="sm">
            <Text size="sm" c="dimmed">
              #{data.id}
            </Text>
            {data.phone_number && (
              <Text size="sm" c="dimmed">
                {formatPhone(data.phone_number)}
              </Text>
            )}
            {data.is_blacklisted && <BlacklistBadge />}
          </Group>
          <Tabs defaultValue="data" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="data" leftSection={<IconId size={16} />}>
                Dados
              </Tabs.Tab>
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                Histórico
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="data">
              <ContactForm key={data.id} contact={data} onCancel={onClose} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <HistoryTimeline from="contact" contactId={data.id} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Modal>
  );
}
