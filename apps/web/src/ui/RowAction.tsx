import { Button } from "design-react-kit";
import type { ReactNode } from "react";

/**
 * A small action on one row of a list or table. The visible text says what it does; `label`, the
 * accessible name, starts with that text and adds which row (WCAG 2.5.3: the journeys' axe check
 * fails on a name that does not contain the visible text).
 */
export function RowAction({
  children,
  label,
  onClick,
  danger = false,
  disabled = false,
}: {
  children: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      size="xs"
      color={danger ? "danger" : "primary"}
      outline
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
