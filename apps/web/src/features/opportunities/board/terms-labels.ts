/** 'um produto' → 'Produto', 'o cargo' → 'Cargo': a tenant term as a field label. */
export function termLabel(term: string): string {
  const noun = term.trim().replace(/^(um|uma|o|a|os|as)\s+/i, '');
  return noun.charAt(0).toLocaleUpperCase('pt-BR') + noun.slice(1);
}
