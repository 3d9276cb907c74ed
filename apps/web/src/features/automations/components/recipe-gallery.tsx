import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Automation } from '@vendaval/core/schemas/automations';
import type { Bot } from '@vendaval/core/schemas/bots';
import { useInteractionTypesQuery, useTagsQuery, useTaskTypesQuery } from '../../../lib/lookups/lookups.ts';
import { useLookupQuery } from '../../../lib/lookups/use-lookup-query.ts';
import { useCreateAutomationMutation } from '../api/use-automation-mutations.ts';
import { useBotTemplatesQuery } from '../api/use-bot-templates-query.ts';
import { RECIPES, type RecipeRefs } from '../automation-recipes.ts';

/** 'Modelos': ready-made automations; using one creates its draft, switched off until it is reviewed and published. */
export function RecipeGallery({
  workspaceId,
  onCreated,
}: {
  workspaceId: number | null;
  onCreated: (automation: Automation) => void;
}) {
  const bots = useLookupQuery<Bot>('bots');
  const botId = bots.data?.[0]?.id ?? null;
  const templates = useBotTemplatesQuery(botId);
  const taskTypes = useTaskTypesQuery();
  const interactionTypes = useInteractionTypesQuery();
  const tags = useTagsQuery();
  const create = useCreateAutomationMutation(workspaceId);
  const approved = templates.data?.filter((t) => t.status === 'APPROVED') ?? [];
  const refs: RecipeRefs = {
    botId,
    template: approved.find((t) => t.name === 'boas_vindas') ?? approved[0] ?? null,
    taskTypeId: taskTypes.data?.[0]?.id ?? null,
    interactionTypeId: interactionTypes.data?.[0]?.id ?? null,
    tagId: tags.data?.[0]?.id ?? null,
  };
  return (
    <Stack gap="sm" component="section" aria-label="Modelos">
      <Title order={3}>Modelos</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {RECIPES.map((recipe) => {
          const built = recipe.build(refs);
          return (
            <Card key={recipe.key} withBorder radius="md" padding="md" data-testid="recipe-card">
              <Stack gap="xs" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Text fw={600}>{recipe.name}</Text>
                  <Text size="sm" c="dimmed">
                    {recipe.description}
                  </Text>
                  {'missing' in built && (
                    <Text size="xs" c="orange">
                      {built.missing}
                    </Text>
                  )}
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Usar o modelo ${recipe.name}`}
                  disabled={'missing' in built}
                  loading={create.isPending && create.variables?.name === recipe.name}
                  onClick={() =>
                    'definition' in built &&
                    create.mutate(
                      { name: recipe.name, definition: built.definition, enabled: false },
                      { onSuccess: onCreated },
                    )
                  }
                >
                  Usar modelo
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
