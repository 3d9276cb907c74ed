import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPhoneCall } from '@tabler/icons-react';
import { formatPhone, toTelNumber } from '@vendaval/core/format';
import { requestCall, usePhoneLine } from '../../../../lib/phone.ts';
import { copyToClipboard } from '../../../../ui/copy/copy-to-clipboard.ts';

export const PHONE_TAB_TITLE = 'Realizar Ligação';

/**
 * 'Realizar Ligação': 'Ligar para oportunidade' places a call through the dial bar (a single call), and the
 * number can be copied; without a phone, the notice that the card has none.
 */
export function PhoneTab({ opportunityId, phone }: { opportunityId: number; phone: string | null }) {
  const line = usePhoneLine();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={5}>{PHONE_TAB_TITLE}</Title>
      {phone ? (
        <>
          <Text size="sm">{formatPhone(phone)}</Text>
          <Group gap="sm">
            <Button
              leftSection={<IconPhoneCall size={18} />}
              disabled={line.active}
              onClick={() => requestCall({ kind: 'single', opportunityId, phoneNumber: phone })}
            >
              Ligar para oportunidade
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={18} />}
              onClick={() => void copyToClipboard(toTelNumber(phone))}
            >
              Copiar número
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Atualmente essa oportunidade não possui número de telefone integrado.
        </Text>
      )}
    </Stack>
  );
}
