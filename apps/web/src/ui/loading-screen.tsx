import { Center, Loader } from '@mantine/core';

export type SpinnerVariant = 'dark' | 'light';

/** Full-page loader; the tenant's spinner variant decides the loader and backdrop colours. */
export function LoadingScreen({ spinner = 'dark' }: { spinner?: SpinnerVariant }) {
  const dark = spinner === 'dark';
  return (
    <Center mih="100dvh" bg={dark ? 'white' : 'dark.8'} role="status" aria-label="Carregando">
      <Loader color={dark ? 'dark.6' : 'white'} size="lg" type="oval" />
    </Center>
  );
}
