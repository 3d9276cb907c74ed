import { describe, expect, it } from 'vitest';
import {
  alpha,
  alphaDash,
  alphaNum,
  between,
  confirmed,
  cpf,
  cpfWithCheckDigits,
  creditCard,
  digits,
  email,
  emailSchema,
  firstError,
  integer,
  isValidCpf,
  length,
  min,
  password,
  passwordSchema,
  phoneWithAreaCode,
  positive,
  regex,
  required,
  url,
  VALIDATION_MESSAGES,
} from './validators.ts';

const PASSWORD_MESSAGE =
  'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula, número e caractere especial';

describe('required', () => {
  it("PLAT-197 empty values answer 'Este campo é obrigatório'", () => {
    for (const value of [undefined, null, '', '   ', []])
      expect(required(value)).toBe('Este campo é obrigatório');
  });

  it('PLAT-197 filled values pass, zero and false included', () => {
    for (const value of ['a', 0, false, ['x']]) expect(required(value)).toBeNull();
  });
});

describe('format validators', () => {
  it("PLAT-197 email answers 'E-mail inválido' for malformed addresses", () => {
    expect(email('joao@empresa.com.br')).toBeNull();
    expect(email(' joao@empresa.com ')).toBeNull();
    for (const value of ['joao', 'joao@', '@empresa.com', 'joao@empresa', 'jo ao@x.com']) {
      expect(email(value), value).toBe('E-mail inválido');
    }
  });

  it('PLAT-197 optional fields: empty values pass every validator except required', () => {
    const checks = [
      email(''),
      min('', 3),
      regex('', /^a$/),
      between('', 1, 2),
      alpha(''),
      integer(''),
      digits('', 3),
      alphaDash(''),
      alphaNum(''),
      length('', 2),
      positive(''),
      creditCard(''),
      password(''),
      url(''),
      phoneWithAreaCode(''),
    ];
    expect(checks.every((result) => result === null)).toBe(true);
  });

  it('PLAT-197 min counts characters', () => {
    expect(min('abc', 3)).toBeNull();
    expect(min('ab', 3)).toBe('Este campo deve ter no mínimo 3 caracteres');
    expect(min('çãé', 3)).toBeNull();
  });

  it('PLAT-197 confirmed compares with the other field', () => {
    expect(confirmed('Segredo#1', 'Segredo#1')).toBeNull();
    expect(confirmed('Segredo#1', 'Segredo#2')).toBe(VALIDATION_MESSAGES.confirmed);
    expect(confirmed('', 'x')).toBe(VALIDATION_MESSAGES.confirmed);
  });

  it('PLAT-197 regex tests the pattern, and a global pattern gives the same answer twice', () => {
    const pattern = /^\d{5}-\d{3}$/g;
    expect(regex('01310-100', pattern)).toBeNull();
    expect(regex('01310-100', pattern)).toBeNull();
    expect(regex('01310100', pattern)).toBe('Formato inválido');
  });

  it('PLAT-197 between includes both ends and reads comma decimals', () => {
    expect(between(1, 1, 10)).toBeNull();
    expect(between('10', 1, 10)).toBeNull();
    expect(between('2,5', 1, 10)).toBeNull();
    expect(between(0, 1, 10)).toBe('O valor deve estar entre 1 e 10');
    expect(between('abc', 1, 10)).toBe('O valor deve estar entre 1 e 10');
  });

  it('PLAT-197 alpha accepts letters with accents only', () => {
    expect(alpha('João')).toBeNull();
    expect(alpha('João Silva')).toBe('Use somente letras');
    expect(alpha('abc1')).toBe('Use somente letras');
  });

  it('PLAT-197 integer accepts whole numbers', () => {
    expect(integer(42)).toBeNull();
    expect(integer('-7')).toBeNull();
    expect(integer(4.2)).toBe('O valor deve ser um número inteiro');
    expect(integer('4.0')).toBe('O valor deve ser um número inteiro');
  });

  it('PLAT-197 digits needs exactly that many digits', () => {
    expect(digits('12345678', 8)).toBeNull();
    expect(digits('1234567', 8)).toBe('O valor deve ter exatamente 8 dígitos');
    expect(digits('1234567a', 8)).toBe('O valor deve ter exatamente 8 dígitos');
  });

  it('PLAT-197 alpha-dash and alpha-num', () => {
    expect(alphaDash('meu_usuario-2')).toBeNull();
    expect(alphaDash('meu usuario')).toBe('Use somente letras, números, hífens e sublinhados');
    expect(alphaNum('Usuario2')).toBeNull();
    expect(alphaNum('usuario_2')).toBe('Use somente letras e números');
  });

  it('PLAT-197 length needs exactly that many characters or items', () => {
    expect(length('AB', 2)).toBeNull();
    expect(length('ABC', 2)).toBe('Este campo deve ter exatamente 2 caracteres');
    expect(length([1, 2], 2)).toBeNull();
  });

  it('PLAT-197 positive needs a number above zero', () => {
    expect(positive(0.01)).toBeNull();
    expect(positive('3')).toBeNull();
    expect(positive(0)).toBe('O valor deve ser maior que zero');
    expect(positive(-1)).toBe('O valor deve ser maior que zero');
  });

  it('PLAT-197 url accepts absolute http and https addresses only', () => {
    expect(url('https://vendaval.com.br/x?y=1')).toBeNull();
    expect(url('http://localhost:3000')).toBeNull();
    for (const value of ['vendaval.com.br', 'javascript:alert(1)', 'ftp://host/file', 'https://']) {
      expect(url(value), value).toBe('URL inválida');
    }
  });

  it("OPP-070 a phone with fewer than 10 national digits answers 'O número precisa conter algum DDD'", () => {
    expect(phoneWithAreaCode('98765-4321')).toBe('O número precisa conter algum DDD');
    expect(phoneWithAreaCode('(11) 98765-4321')).toBeNull();
    expect(phoneWithAreaCode('+55 11 3456-7890')).toBeNull();
  });
});

describe('credit card', () => {
  it('PLAT-198 accepts a 15-digit card', () => {
    expect(creditCard('378282246310005')).toBeNull();
    expect(creditCard('3782 822463 10005')).toBeNull();
  });

  it('PLAT-198 accepts 16-digit cards and refuses Luhn failures and letters', () => {
    expect(creditCard('4111 1111 1111 1111')).toBeNull();
    expect(creditCard('378282246310006')).toBe('Número de cartão de crédito inválido');
    expect(creditCard('4111-1111-1111-111a')).toBe('Número de cartão de crédito inválido');
    expect(creditCard('4242')).toBe('Número de cartão de crédito inválido');
  });
});

describe('password', () => {
  it('PLAT-199 accepts 8+ characters with upper, lower, digit and special character', () => {
    expect(password('Segredo#1')).toBeNull();
    expect(password('Ação!2024')).toBeNull();
  });

  it('PLAT-199 each missing ingredient gives the password message', () => {
    for (const value of ['Seg#1ab', 'segredo#1', 'SEGREDO#1', 'Segredo#!', 'Segredo12', 'Segre do1']) {
      expect(password(value), value).toBe(PASSWORD_MESSAGE);
    }
  });

  it('PLAT-199 passwordSchema applies the same rule with the same message', () => {
    expect(passwordSchema.safeParse('Segredo#1').success).toBe(true);
    const result = passwordSchema.safeParse('segredo');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
  });

  it('PLAT-199 overlong passwords are refused by the validator and the schema', () => {
    const long = `Aa1!${'x'.repeat(200)}`;
    expect(password(long)).toBe(VALIDATION_MESSAGES.passwordTooLong);
    expect(passwordSchema.safeParse(long).success).toBe(false);
  });
});

describe('schemas and composition', () => {
  it('PLAT-197 emailSchema trims, lower-cases and refuses malformed addresses', () => {
    expect(emailSchema.parse('  Joao@Empresa.COM ')).toBe('joao@empresa.com');
    const result = emailSchema.safeParse('joao@');
    expect(result.error?.issues[0]?.message).toBe('E-mail inválido');
  });

  it('PLAT-197 firstError returns the first failing message', () => {
    const rules = [required, (v: unknown) => min(v, 3), email];
    expect(firstError('', rules)).toBe('Este campo é obrigatório');
    expect(firstError('ab', rules)).toBe('Este campo deve ter no mínimo 3 caracteres');
    expect(firstError('abc', rules)).toBe('E-mail inválido');
    expect(firstError('a@b.com', rules)).toBeNull();
  });
});

describe('cpf', () => {
  it('decisions §21 a CPF passes only with both check digits right, masked or not', () => {
    for (const value of ['529.982.247-25', '52998224725', '01234567890', '111.222.333-96']) {
      expect(isValidCpf(value), value).toBe(true);
      expect(cpf(value)).toBeNull();
    }
    // One wrong digit in either check digit, or in the number itself.
    for (const value of ['529.982.247-26', '52998224735', '52998224825']) {
      expect(isValidCpf(value), value).toBe(false);
      expect(cpf(value)).toBe(VALIDATION_MESSAGES.cpf);
    }
  });

  it('decisions §21 the length alone is not enough: repeated digits, short, long or lettered values fail', () => {
    for (const value of [
      '00000000000',
      '111.111.111-11',
      '99999999999',
      '5299822472',
      '529982247250',
      '529.982.247-2a',
    ]) {
      expect(isValidCpf(value), value).toBe(false);
    }
  });

  it('an empty CPF is left to required', () => {
    for (const value of [null, undefined, '', '  ']) expect(cpf(value)).toBeNull();
  });

  it('nine base digits make a valid CPF with their check digits', () => {
    expect(cpfWithCheckDigits('529982247')).toBe('52998224725');
    for (const base of ['000000001', '987654321', '314159265'])
      expect(isValidCpf(cpfWithCheckDigits(base))).toBe(true);
  });
});
