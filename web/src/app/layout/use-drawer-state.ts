import { useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/**
 * core §2 Layout: the drawer starts open above 1200 px and is temporary (floating, closed after a
 * choice) under 600 px. A toggle holds only for the width class it was made in.
 */
export function useDrawerState() {
  const wide = useMediaQuery('(min-width: 1201px)');
  const temporary = useMediaQuery('(max-width: 599px)');
  const [toggled, setToggled] = useState<{ wide: boolean; open: boolean } | undefined>(undefined);
  const open = toggled && toggled.wide === wide ? toggled.open : wide;
  return {
    open,
    temporary,
    toggle: () => setToggled({ wide, open: !open }),
    close: () => setToggled({ wide, open: false }),
  };
}
