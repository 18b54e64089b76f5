// Buttons, and links that act as buttons, in one set of variants instead of class strings per view.
import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  /** The default: a bordered white button. */
  secondary: "border border-slate-300 bg-white hover:bg-slate-50",
  /** The one action a panel is for (run, create, inspect). */
  primary: "border border-blue-700 bg-blue-700 font-semibold text-white hover:bg-blue-800",
  /** Refusing or retrying after an error: red, never the panel's main action. */
  danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
  /** Confirming a step that acts on the account. */
  warning: "border border-amber-700 bg-amber-700 font-semibold text-white hover:bg-amber-800",
  /** A toggle that is on (aria-pressed), or the chosen item of a list of links (aria-current): a filter chip, the chosen zone. */
  selected: "border border-blue-600 bg-blue-50",
} as const;

const SIZES = { md: "px-3 py-1.5 text-sm", sm: "px-2 py-1 text-sm" } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The classes of a button; for a link or a download that looks like one. */
export function buttonClass({ variant = "secondary", size = "md", className }: ButtonStyle = {}): string {
  return [
    "inline-block rounded disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    VARIANTS[variant],
    SIZES[size],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/** A `type="button"` unless told otherwise, so a button inside a form never submits it by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
