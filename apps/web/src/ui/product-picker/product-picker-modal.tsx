import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatBRL } from '@vendaval/core/format';
import type { Product } from '@vendaval/core/schemas/catalog';
import { useState } from 'react';
import { PRODUCT_SEARCH_DEBOUNCE_MS } from '../search-debounce.ts';
import { useProductsPageQuery } from './use-products-page-query.ts';

export const PRODUCT_PICKER_TITLE = 'Seleção de Produtos';

type ProductPickerModalProps = {
  opened: boolean;
  onClose: () => void;
  selected: Pick<Product, 'id' | 'name' | 'price'> | null;
  onConfirm: (product: Product | null) => void;
};

function ProductList({
  search,
  choice,
  onChoose,
}: {
  search: string;
  choice: number | null;
  onChoose: (p: Product) => void;
}) {
  const query = useProductsPageQuery(search, true);
  const products = query.data?.pages.flatMap((page) => page.data) ?? [];
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <ScrollArea h={340} onBottomReached={loadMore} type="auto" aria-label="Produtos">
      <Radio.Group value={choice === null ? null : String(choice)} aria-label="Produtos">
        <Stack gap="xs" pr="sm">
          {products.map((product) => (
            <Radio
              key={product.id}
              value={String(product.id)}
              label={`${product.name} — ${formatBRL(product.price)}`}
              onChange={() => onChoose(product)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {(query.isFetching || query.isLoading) && (
        <Group justify="center" py="sm">
          <Loader size="sm" aria-label="Carregando produtos" />
        </Group>
      )}
      {query.isSuccess && products.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Nenhum produto encontrado.
        </Text>
      )}
    </ScrollArea>
  );
}

/** 'Seleção de Produtos': search 'Buscar' (850 ms), pages of 100 loaded as the list scrolls, one choice. */
export function ProductPickerModal({ opened, onClose, selected, onConfirm }: ProductPickerModalProps) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  const [choice, setChoice] = useState<Product | null>(null);
  const chosenId = choice?.id ?? selected?.id ?? null;

  const close = () => {
    setChoice(null);
    setText('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={PRODUCT_PICKER_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Buscar"
          placeholder="Nome do produto"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        {opened && <ProductList search={search} choice={chosenId} onChoose={setChoice} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button
            onClick={() => {
              if (choice) onConfirm(choice);
              close();
            }}
          >
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
