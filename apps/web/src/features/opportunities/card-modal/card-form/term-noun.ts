/** The noun of a tenant term written with its article: 'um produto' → 'Produto', 'o cargo' → 'Cargo'. */
export function termNoun(term: string): string {
  const noun = term.trim().replace(/^(um|uma|o|a|os|as)\s+/i, '');
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}
