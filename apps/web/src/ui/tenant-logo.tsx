import { Image, type ImageProps } from '@mantine/core';
import { usePlatform } from '../lib/platform.ts';

type TenantLogoProps = Omit<ImageProps, 'src' | 'alt'> & {
  /** default: the full logo; short: the compact mark for narrow places. */
  variant?: 'default' | 'short';
  /** The background the logo sits on: the light logo goes on dark backgrounds and vice versa. */
  on: 'light' | 'dark';
};

export function TenantLogo({ variant = 'default', on, ...props }: TenantLogoProps) {
  const platform = usePlatform();
  const logos = platform.logos[variant];
  return (
    <Image src={on === 'dark' ? logos.light : logos.dark} alt={platform.name} fit="contain" {...props} />
  );
}
