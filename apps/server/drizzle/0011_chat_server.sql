CREATE INDEX "chat_messages_scope_remote_idx" ON "chat_messages" USING btree ("platform_id","remote_id");--> statement-breakpoint
-- Workspaces made before the chat get the sandbox bot new workspaces start with (SANDBOX_BOT as of this release).
INSERT INTO "bots" ("platform_id", "workspace_id", "name", "channel", "keep_bot_on_dialog", "greeting", "keyword_replies")
SELECT w."platform_id", w."id", 'Assistente Virtual', 'sandbox', true,
  'Olá! Sou o Assistente Virtual. Obrigado pelo contato: um de nossos atendentes já vai falar com você.',
  '[{"keyword":"preço","reply":"Nossos valores dependem do curso e do turno. Um atendente vai enviar a tabela completa para você."},{"keyword":"horário","reply":"Atendemos de segunda a sexta, das 8h às 20h, e aos sábados, das 8h às 12h."},{"keyword":"endereço","reply":"Estamos na Av. Paulista, 1000 - Bela Vista, São Paulo - SP."}]'::jsonb
FROM "workspaces" w
WHERE NOT EXISTS (SELECT 1 FROM "bots" b WHERE b."platform_id" = w."platform_id" AND b."workspace_id" = w."id");
