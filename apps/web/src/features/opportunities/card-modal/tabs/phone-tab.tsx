import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { formatPhone, toTelNumber } from '@vendaval/core/format';

export const PHONE_TAB_TITLE = 'Realizar Ligação';

/** 'Realizar Ligação': a tel: link to the contact, or the notice that the card has no phone. */
export function PhoneTab({ phone }: { phone: string | null }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={5}>{PHONE_TAB_TITLE}</Title>
      {phone ? (
        <>
          <Text size="sm">{formatPhone(phone)}</Text>
          <Button component="a" href={`tel:${toTelNumber(phone)}`} leftSection={<IconPhoneCall size={18} />}>
            Ligar para oportunidade
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Atualmente essa oportunidade não possui número de telefone integrado.
        </Text>
      )}
    </Stack>
  );
}
