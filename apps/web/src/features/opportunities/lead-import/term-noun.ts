/** A tenant term as a field label: 'um produto' → 'Produto', 'o cargo' → 'Cargo'. */
export function termNoun(term: string): string {
  const noun = term.trim().replace(/^(um|uma|o|a|os|as)\s+/i, '');
  return noun.charAt(0).toLocaleUpperCase('pt-BR') + noun.slice(1);
}
