export const PASSWORD_HINT =
  'Mínimo de 8 caracteres, com letra maiúscula, letra minúscula, número e caractere especial.';
