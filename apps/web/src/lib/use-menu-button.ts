import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

type TFocusTarget = 'first' | 'last';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * The WAI-ARIA menu button pattern, shared by the account menu and the post card menu. Enter,
 * Space or the arrow keys open the menu and focus an item (ArrowUp the last one), the arrows, Home
 * and End move between items, Escape closes it and returns to the button, Tab closes it and moves
 * on, and a press outside `rootRef` closes it.
 *
 * Spread `buttonProps` on the button and `menuProps` on the role="menu" element; the items are the
 * descendants with role="menuitem" (give them tabIndex={-1}). `choose(action)` closes the menu,
 * gives the focus back to the button and then runs the action, so a dialog opened from an item
 * hands the focus back there.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<TFocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (focusTarget === 'first' ? list[0] : list.at(-1))?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open, focusTarget]);

  const openMenu = (target: TFocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const choose = (action: () => void) => {
    close(true);
    action();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return {
    open,
    rootRef,
    choose,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? close(false) : openMenu('first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu' as const,
      onKeyDown: onMenuKeyDown,
    },
  };
}
