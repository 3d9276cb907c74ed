import type { CSSProperties, ReactNode } from 'react';
import classes from './card-modal.module.css';

/**
 * Replaces the modal's own scroll area: the frame is a column whose body scrolls between a fixed header and
 * footer (Mantine passes the max height in `style`).
 */
export function ModalFrame({ children, style }: { children?: ReactNode; style?: CSSProperties }) {
  return (
    <div className={classes.frame} style={style}>
      {children}
    </div>
  );
}
